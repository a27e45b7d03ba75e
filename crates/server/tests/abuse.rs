//! Hostile and broken clients: oversize frames, bad JSON, unknown fields, binary frames, a wrong
//! `Origin`, floods and PIN guessing — each is refused or cut off while the server keeps
//! serving everyone else.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// Reads until the socket closes; returns the `error` message seen (if any) and the close code.
async fn until_closed(client: &mut Client) -> (Option<serde_json::Value>, Option<u16>) {
    let mut error = None;
    loop {
        match client.recv().await {
            Ok(message) => {
                if message["t"] == "error" {
                    error = Some(message);
                }
            }
            Err(code) => return (error, code),
        }
    }
}

/// A quick check that the server still plays: a fresh client joins the open room.
async fn still_serving(address: std::net::SocketAddr, name: &str) {
    let mut client = connect(address, name).await;
    client.join("open").await;
    client.expect("state").await;
    client.send(json!({"t":"ping"})).await;
    client.expect("pong").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversize_frames_get_an_error_and_close_1009() {
    let dir = temp_dir("oversize");
    let server = start(&dir, None).await;
    let mut client = connect(server.address, "Big").await;
    let padding = "x".repeat(5000);
    client
        .send_text(format!("{{\"t\":\"chat\",\"a\":1,\"text\":\"{padding}\"}}"))
        .await;
    let (error, code) = until_closed(&mut client).await;
    assert!(error.is_some(), "an error message before the close");
    assert_eq!(code, Some(1009));

    // Far past the WebSocket layer's own limit the connection is cut as well.
    let mut client = connect(server.address, "Huge").await;
    let _ = client
        .socket
        .send(Message::text("y".repeat(64 * 1024)))
        .await;
    let (_, code) = until_closed(&mut client).await;
    assert!(code.is_none() || code == Some(1009), "{code:?}");
    still_serving(server.address, "After").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_messages_are_refused_without_harming_the_server() {
    let dir = temp_dir("malformed");
    let server = start(&dir, None).await;

    // Not JSON: error and close 1008.
    let mut client = connect(server.address, "Junk").await;
    client.send_text("{not json".to_string()).await;
    let (error, code) = until_closed(&mut client).await;
    assert!(error.is_some());
    assert_eq!(code, Some(1008));

    // A request with an unknown field: nack bad, and the connection stays usable.
    let mut client = connect(server.address, "Extra").await;
    client.join("open").await;
    client.expect("state").await;
    client
        .send(json!({"t":"move","a":7,"n":0,"m":"e2e4","sneaky":true}))
        .await;
    let nack = client.answer(7).await;
    assert_eq!(nack["t"], "nack");
    assert_eq!(nack["why"], "bad");
    client.send(json!({"t":"ping"})).await;
    client.expect("pong").await;

    // Wrong types and unknown message kinds without a request number: error and close.
    for text in [
        json!({"t":"ping","extra":1}).to_string(),
        json!({"t":"teleport"}).to_string(),
        json!({"t":"join","proto":1,"name":"","room":"open"}).to_string(),
        json!({"t":"join","proto":1,"name":"Zed","room":"NOT A CODE!"}).to_string(),
        "[1,2,3]".to_string(),
    ] {
        let mut client = connect(server.address, "Odd").await;
        client.send_text(text.clone()).await;
        let (error, code) = until_closed(&mut client).await;
        assert!(error.is_some(), "{text}");
        assert_eq!(code, Some(1008), "{text}");
    }

    // Binary frames are not spoken.
    let mut client = connect(server.address, "Bin").await;
    client
        .socket
        .send(Message::binary(vec![1u8, 2, 3]))
        .await
        .unwrap();
    let (_, code) = until_closed(&mut client).await;
    assert_eq!(code, Some(1003));
    still_serving(server.address, "Fine").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_from_another_origin_cannot_open_a_socket() {
    let dir = temp_dir("origin");
    let server = start(&dir, None).await;
    let refused = connect_with_origin(server.address, "Evil", Some("http://evil.example")).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        Err(other) => panic!("unexpected error {other}"),
        Ok(_) => panic!("a cross-site handshake was accepted"),
    }
    let own = format!("http://{}", server.address);
    let mut client = connect_with_origin(server.address, "Own", Some(&own))
        .await
        .expect("same-origin handshake");
    client.send(json!({"t":"ping"})).await;
    client.expect("pong").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_gets_nack_rate_then_a_close_while_others_play_on() {
    let dir = temp_dir("flood");
    let server = start(&dir, None).await;
    let mut honest = connect(server.address, "Calm").await;
    honest.join("open").await;
    honest.expect("state").await;

    let mut flooder = connect(server.address, "Loud").await;
    for a in 0..200u64 {
        if flooder
            .socket
            .send(Message::text(
                json!({"t":"chat","a":a,"text":"spam"}).to_string(),
            ))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut rate_nacks = 0;
    let code = loop {
        match flooder.recv().await {
            Ok(message) => {
                if message["t"] == "nack" && message["why"] == "rate" {
                    rate_nacks += 1;
                }
            }
            Err(code) => break code,
        }
    };
    assert!(rate_nacks > 0, "the flood was answered with nack rate");
    assert_eq!(code, Some(1008));

    honest.send(json!({"t":"ping"})).await;
    honest.expect("pong").await;
    still_serving(server.address, "Next").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_pins_from_one_address_is_stopped_even_for_the_right_pin() {
    let dir = temp_dir("pins");
    let server = start(&dir, None).await;
    let mut host = connect(server.address, "Host").await;
    let welcome = host.create(None, "standard", None).await;
    let pin = welcome["room"].as_str().unwrap().to_string();
    assert!(
        pin.len() == 4 && pin.bytes().all(|b| b.is_ascii_digit()),
        "{pin}"
    );

    let mut guesser = connect(server.address, "Guess").await;
    let wrong_pins = (0..10_000u32)
        .map(|n| format!("{n:04}"))
        .filter(|code| *code != pin)
        .take(40);
    let mut rate_limited = false;
    for code in wrong_pins {
        guesser
            .send(json!({"t":"join","proto":1,"name":"Guess","room":code}))
            .await;
        let answer = guesser.expect("nack").await;
        if answer["why"] == "rate" {
            rate_limited = true;
            break;
        }
        assert_eq!(answer["why"], "bad", "{answer}");
    }
    assert!(rate_limited, "wrong guesses are limited");
    guesser
        .send(json!({"t":"join","proto":1,"name":"Guess","room":pin}))
        .await;
    let answer = guesser.expect("nack").await;
    assert_eq!(
        answer["why"], "rate",
        "the right PIN is refused too: {answer}"
    );
}
