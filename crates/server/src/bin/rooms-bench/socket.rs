//! The benchmark clients' WebSocket: connecting, sending a JSON message, receiving the next one
//! or the next of a kind, each with a timeout.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub async fn open_socket(address: SocketAddr) -> Result<Socket, String> {
    let (socket, _) = tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::connect_async(format!("ws://{address}/ws")),
    )
    .await
    .map_err(|_| "connect timed out".to_string())?
    .map_err(|e| format!("connect failed: {e}"))?;
    Ok(socket)
}

pub async fn send(socket: &mut Socket, message: Value) -> Result<(), String> {
    socket
        .send(Message::text(message.to_string()))
        .await
        .map_err(|e| format!("send failed: {e}"))
}

pub async fn receive(socket: &mut Socket) -> Result<Value, String> {
    loop {
        let next = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .map_err(|_| "no message for 30 s".to_string())?;
        match next {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).map_err(|e| format!("bad JSON: {e}"))
            }
            Some(Ok(Message::Close(_))) | None => return Err("closed".to_string()),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("receive failed: {e}")),
        }
    }
}

/// Receives until a message of kind `t`.
pub async fn receive_kind(socket: &mut Socket, t: &str) -> Result<Value, String> {
    loop {
        let message = receive(socket).await?;
        if message["t"] == t {
            return Ok(message);
        }
        if message["t"] == "nack" || message["t"] == "error" {
            return Err(format!("refused while waiting for {t}: {message}"));
        }
    }
}
