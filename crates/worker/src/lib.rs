//! The browser's search worker, a wasm module of its own so that the page's module carries no
//! search: the request and reply types shared with the page (`protocol`), the computer's move
//! (`think`), the analysis of a position (`analysis`), the warm-up search that gets the browser
//! to compile the search early (`warm_up`), and the export that web/worker.js calls for each
//! message (with the `entry` feature, on wasm32 only).

pub mod analysis;
pub mod protocol;
pub mod think;
pub mod warm_up;

pub use protocol::{
    AnalyseRequest, AnalysisInfo, ThinkReply, ThinkRequest, WarmUpReply, WarmUpRequest,
    WorkerRequest,
};
pub use think::handle;

/// Answers one message (JSON text): a computer's move, or an analysis that hands each
/// intermediate report to `progress` before the final one is returned.
pub fn handle_any(request: &str, progress: &mut dyn FnMut(String)) -> String {
    match serde_json::from_str::<WorkerRequest>(request) {
        Ok(WorkerRequest::Analyse { analyse }) => {
            let last = analysis::analyse(&analyse, &mut |info| {
                progress(serde_json::to_string(info).unwrap_or_default())
            });
            serde_json::to_string(&last).unwrap_or_default()
        }
        Ok(WorkerRequest::WarmUp { warm_up }) => {
            serde_json::to_string(&warm_up::warm_up(&warm_up)).unwrap_or_default()
        }
        // A bare move request, or text that is neither: `handle` names the error.
        _ => serde_json::to_string(&handle(request))
            .unwrap_or_else(|_| r#"{"id":0,"text":null,"error":"reply not serialisable"}"#.into()),
    }
}

/// Called by web/worker.js for each message from the page: a request as JSON text, the reply
/// as JSON text; an analysis also calls `progress` with each report as it deepens.
#[cfg(all(target_arch = "wasm32", feature = "entry"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_handle(request: &str, progress: &js_sys::Function) -> String {
    handle_any(request, &mut |text| {
        progress
            .call1(
                &wasm_bindgen::JsValue::NULL,
                &wasm_bindgen::JsValue::from_str(&text),
            )
            .ok();
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_request_is_told_from_a_move_request() {
        let game = r#"{"format":"boardshift-game","version":1,"variant":"standard","moves":[]}"#;
        let analyse = WorkerRequest::Analyse {
            analyse: AnalyseRequest {
                id: 3,
                game: game.into(),
                ply: None,
                time_ms: 100,
                depth: None,
            },
        };
        let mut reports = Vec::new();
        let last = handle_any(&serde_json::to_string(&analyse).unwrap(), &mut |text| {
            reports.push(text)
        });
        let last: AnalysisInfo = serde_json::from_str(&last).unwrap();
        assert!(last.done && last.best.is_some() && !reports.is_empty());
        let think = ThinkRequest {
            id: 8,
            game: game.into(),
            level: "easy".into(),
            move_time_ms: 50,
            seed: 1,
        };
        let reply: ThinkReply = serde_json::from_str(&handle_any(
            &serde_json::to_string(&think).unwrap(),
            &mut |_| {},
        ))
        .unwrap();
        assert_eq!(reply.id, 8);
        assert!(reply.text.is_some());
    }
}
