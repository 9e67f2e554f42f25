//! Bounded JSON Lines framing for both the blocking and the async side.

use std::io::BufRead;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// Why a line could not be read.
#[derive(Debug)]
pub enum LineError {
    /// The peer closed the connection before a full line.
    Closed,
    /// The line exceeded the limit.
    TooLong(usize),
    Io(std::io::Error),
}

/// Appends `available` up to its first newline to `line`; returns the bytes consumed and
/// whether the line is complete.
fn append_chunk(
    line: &mut Vec<u8>,
    available: &[u8],
    limit: usize,
) -> Result<(usize, bool), LineError> {
    if available.is_empty() {
        return Err(LineError::Closed);
    }
    let newline = available.iter().position(|b| *b == b'\n');
    let chunk = &available[..newline.unwrap_or(available.len())];
    if line.len() + chunk.len() > limit {
        return Err(LineError::TooLong(limit));
    }
    line.extend_from_slice(chunk);
    Ok(match newline {
        Some(end) => (end + 1, true),
        None => (available.len(), false),
    })
}

/// Reads one `\n`-terminated line of at most `limit` bytes (without the newline).
pub async fn read_line_async<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    limit: usize,
) -> Result<Vec<u8>, LineError> {
    let mut line = Vec::new();
    loop {
        let available = reader.fill_buf().await.map_err(LineError::Io)?;
        let (consumed, complete) = append_chunk(&mut line, available, limit)?;
        reader.consume(consumed);
        if complete {
            return Ok(line);
        }
    }
}

/// Blocking counterpart of [`read_line_async`].
pub fn read_line<R: BufRead>(reader: &mut R, limit: usize) -> Result<Vec<u8>, LineError> {
    let mut line = Vec::new();
    loop {
        let available = reader.fill_buf().map_err(LineError::Io)?;
        let (consumed, complete) = append_chunk(&mut line, available, limit)?;
        reader.consume(consumed);
        if complete {
            return Ok(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_and_enforces_limit() {
        let mut input: &[u8] = b"one\ntwo\n";
        assert_eq!(read_line(&mut input, 10).ok(), Some(b"one".to_vec()));
        assert_eq!(read_line(&mut input, 10).ok(), Some(b"two".to_vec()));
        assert!(matches!(read_line(&mut input, 10), Err(LineError::Closed)));
        let mut long: &[u8] = b"0123456789abc\n";
        assert!(matches!(
            read_line(&mut long, 10),
            Err(LineError::TooLong(10))
        ));
    }
}
