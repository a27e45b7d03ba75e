//! Slow reference ray walks and the search for magic multipliers. Shared by the build script
//! (which finds the multipliers once, at compile time) and by the run-time table fill.

/// The four rook directions and the four bishop directions as (file, rank) steps.
pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `square` attacks with `occupied` blocking (blockers included).
pub fn walk_attacks(square: u32, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The squares whose occupancy matters to a slider on `square`: its rays without their last
/// square before the edge.
pub fn relevant_mask(square: u32, directions: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            let (next_file, next_rank) = (file + df, rank + dr);
            if !(0..8).contains(&next_file) || !(0..8).contains(&next_rank) {
                break;
            }
            if file != (square % 8) as i32 || rank != (square / 8) as i32 {
                mask |= 1u64 << (rank * 8 + file);
            }
            file = next_file;
            rank = next_rank;
        }
    }
    mask
}

/// Every subset of `mask`, by the carry-rippler enumeration.
pub fn subsets(mask: u64) -> Vec<u64> {
    let mut result = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        result.push(subset);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    result
}

/// Finds a multiplier that maps every occupancy of `mask` to a distinct-or-agreeing slot when
/// shifted right by `64 - popcount(mask)`. Deterministic for a given seed.
pub fn find_magic(square: u32, directions: &[(i32, i32); 4], seed: &mut u64) -> u64 {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let occupancies = subsets(mask);
    let attacks: Vec<u64> = occupancies
        .iter()
        .map(|&occ| walk_attacks(square, occ, directions))
        .collect();
    let mut table = vec![0u64; 1 << bits];
    let mut epoch = vec![0u32; 1 << bits];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let magic = next_random(seed) & next_random(seed) & next_random(seed);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let mut ok = true;
        for (occ, &att) in occupancies.iter().zip(&attacks) {
            let index = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                table[index] = att;
            } else if table[index] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return magic;
        }
    }
}

fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}
