//! Strict reading of client frames and the exact shape of server messages.

use boardshift_rooms::protocol::{ChatText, Name, MAX_FRAME_BYTES};
use boardshift_rooms::{
    parse_client_message, ClientMessage, Event, NackReason, RoomCode, SeatWish, ServerMessage,
    Token,
};
use serde_json::{json, Value};

fn parse(value: Value) -> Result<ClientMessage, boardshift_rooms::ProtocolError> {
    parse_client_message(&value.to_string())
}

#[test]
fn every_client_message_of_the_spec_is_read() {
    let frames = [
        json!({"t":"create","proto":1,"name":"Ann","variant":"sliding","options":{"gap":"e5"},"clock":{"base_ms":180000,"inc_ms":2000}}),
        json!({"t":"create","proto":1,"name":"Ann","code":"Blue-Fox","variant":"standard","options":{}}),
        json!({"t":"join","proto":1,"name":"Bob","room":"1234"}),
        json!({"t":"join","proto":1,"name":"Bob","room":"blue-fox","token":"00112233445566778899aabbccddeeff","v":12}),
        json!({"t":"seat","a":1,"want":"queue"}),
        json!({"t":"move","a":2,"n":0,"m":"S:c1>c3"}),
        json!({"t":"draw","a":3}),
        json!({"t":"claim","a":4}),
        json!({"t":"claim","a":5,"m":"g1f3"}),
        json!({"t":"resign","a":6}),
        json!({"t":"rematch","a":7}),
        json!({"t":"next","a":8}),
        json!({"t":"settings","a":9,"variant":"relative","options":{"size":12},"clock":null}),
        json!({"t":"chat","a":10,"text":"hi"}),
        json!({"t":"sync","v":3}),
        json!({"t":"ping"}),
    ];
    for frame in frames {
        assert!(parse(frame.clone()).is_ok(), "{frame} refused");
    }
    let ClientMessage::Create(create) = parse(frames_code()).unwrap() else {
        panic!()
    };
    assert_eq!(create.code.unwrap().as_str(), "blue-fox");
    assert_eq!(create.name.as_str(), "Ann");
    let ClientMessage::Seat { want, .. } =
        parse(json!({"t":"seat","a":1,"want":"spectate"})).unwrap()
    else {
        panic!()
    };
    assert_eq!(want, SeatWish::Spectate);
}

fn frames_code() -> Value {
    json!({"t":"create","proto":1,"name":"  Ann  ","code":"Blue-Fox","variant":"standard"})
}

#[test]
fn unknown_fields_tags_and_wrong_types_are_bad_with_the_request_number() {
    let cases = [
        json!({"t":"move","a":3,"n":0,"m":"e2e4","extra":1}),
        json!({"t":"move","a":3,"n":"0","m":"e2e4"}),
        json!({"t":"move","a":3,"n":0}),
        json!({"t":"teleport","a":3}),
        json!({"t":"seat","a":3,"want":"referee"}),
        json!({"t":"chat","a":3,"text":""}),
        json!({"t":"chat","a":3,"text":"x".repeat(301)}),
        json!({"t":"settings","a":3,"variant":"standard","clock":{"base_ms":1,"inc_ms":0,"x":2}}),
    ];
    for frame in cases {
        let error = parse(frame.clone()).expect_err(&frame.to_string());
        assert_eq!(error.a, Some(3), "{frame}");
        assert!(!error.fatal, "{frame}");
        assert!(matches!(
            error.to_message(),
            ServerMessage::Nack {
                a: 3,
                why: NackReason::Bad,
                ..
            }
        ));
    }
    assert!(parse(json!({"t":"chat","a":3,"text":"x".repeat(300)})).is_ok());
    assert!(parse(json!({"t":"ping","x":1})).is_err());
}

#[test]
fn frames_that_are_not_messages_are_fatal_errors() {
    let oversize = format!(
        "{{\"t\":\"chat\",\"a\":1,\"text\":\"{}\"}}",
        "x".repeat(MAX_FRAME_BYTES)
    );
    for frame in [oversize.as_str(), "not json", "[1,2]", "\"ping\""] {
        let error = parse_client_message(frame).unwrap_err();
        assert!(error.fatal, "{frame}");
        assert!(matches!(error.to_message(), ServerMessage::Error { .. }));
    }
    // Without a request number a bad message is answered with an error too.
    let error = parse(json!({"t":"join","proto":1,"name":"","room":"abc"})).unwrap_err();
    assert!(matches!(error.to_message(), ServerMessage::Error { .. }));
    let error = parse(json!({"t":"join","proto":2,"name":"Bob","room":"abc"})).unwrap_err();
    assert!(error.msg.contains("protocol version 2"), "{}", error.msg);
}

#[test]
fn room_codes_are_pins_or_room_words_read_case_insensitively() {
    for good in [
        "0000",
        "1234",
        "abc",
        "Blue-Fox",
        "a1-b2-c3",
        &"a".repeat(32),
    ] {
        assert!(RoomCode::parse(good).is_ok(), "{good}");
    }
    assert_eq!(RoomCode::parse("Blue-Fox").unwrap().as_str(), "blue-fox");
    for bad in [
        "",
        "ab",
        "a--b",
        "-abc",
        "abc-",
        "a_b",
        "héllo",
        &"a".repeat(33),
        "12 34",
    ] {
        assert!(RoomCode::parse(bad).is_err(), "{bad}");
    }
    assert!(RoomCode::parse("1234").unwrap().is_pin());
    assert!(!RoomCode::parse("12345").unwrap().is_pin());
    assert_eq!(RoomCode::pin_from_random(42).as_str(), "0042");
}

#[test]
fn names_and_chat_lines_are_trimmed_printable_and_capped() {
    assert_eq!(Name::parse("  Ann  ").unwrap().as_str(), "Ann");
    assert!(Name::parse(&"é".repeat(24)).is_ok());
    assert!(Name::parse(&"é".repeat(25)).is_err());
    assert!(Name::parse("   ").is_err());
    assert!(Name::parse("A\u{0007}nn").is_err());
    assert!(Name::parse("A\u{202E}nn").is_err());
    assert!(Name::parse("Ann")
        .unwrap()
        .same_as(&Name::parse("aNN").unwrap()));
    assert!(ChatText::parse("line\nbreak").is_err());
    assert_eq!(ChatText::parse(" gg ").unwrap().as_str(), "gg");
}

#[test]
fn tokens_are_128_bits_of_hex() {
    let token = Token::from_random(1, u64::MAX);
    assert_eq!(token.as_str(), "0000000000000001ffffffffffffffff");
    assert!(Token::parse(token.as_str()).is_ok());
    assert!(Token::parse("abc").is_err());
    assert!(Token::parse(&"g".repeat(32)).is_err());
}

#[test]
fn server_messages_have_the_shapes_of_the_spec() {
    let cases = [
        (
            ServerMessage::Welcome {
                proto: 1,
                room: "1234".into(),
                token: "ab".into(),
                you: "Ann".into(),
            },
            json!({"t":"welcome","proto":1,"room":"1234","token":"ab","you":"Ann"}),
        ),
        (ServerMessage::Ack { a: 5 }, json!({"t":"ack","a":5})),
        (
            ServerMessage::nack(5, NackReason::Stale, "old"),
            json!({"t":"nack","a":5,"why":"stale","msg":"old"}),
        ),
        (ServerMessage::Pong, json!({"t":"pong"})),
        (
            ServerMessage::Error { msg: "x".into() },
            json!({"t":"error","msg":"x"}),
        ),
        (
            ServerMessage::Ev {
                v: 9,
                e: Event::Chat {
                    name: "Ann".into(),
                    text: "hi".into(),
                },
            },
            json!({"t":"ev","v":9,"e":{"k":"chat","name":"Ann","text":"hi"}}),
        ),
        (
            ServerMessage::Ev {
                v: 10,
                e: Event::End {
                    result: "1-0".into(),
                    reason: "checkmate".into(),
                    game_id: "g".into(),
                    clocks: None,
                },
            },
            json!({"t":"ev","v":10,"e":{"k":"end","result":"1-0","reason":"checkmate","game_id":"g","clocks":null}}),
        ),
    ];
    for (message, expected) in cases {
        let text = message.to_json();
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected);
        // Clients written in Rust read them back.
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).unwrap(),
            message
        );
    }
}
