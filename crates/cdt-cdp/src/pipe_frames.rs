//! Framing of the `--remote-debugging-pipe` byte stream: messages end at a NUL; one longer than
//! the limit is skipped whole, keeping only its head to learn the id of the command it answers.

/// What the pipe framer found.
pub(crate) enum Frame<'a> {
    Message(&'a [u8]),
    /// A message over the limit, skipped: the id it began with (a reply's), and its size.
    TooLarge {
        id: Option<u64>,
        bytes: usize,
    },
}

/// Splits the pipe's byte stream at NULs, holding at most `max` bytes of one message: a longer
/// one keeps only its first bytes (to learn its id) and is reported when its NUL comes.
pub(crate) struct Framer {
    max: usize,
    buffer: Vec<u8>,
    /// Bytes of an over-long message seen so far (its head stays in `buffer`).
    skipping: Option<usize>,
}

/// How much of an over-long message is kept to read its `"id"` from.
const HEAD: usize = 64;

impl Framer {
    pub(crate) fn new(max: usize) -> Framer {
        Framer {
            max,
            buffer: Vec::new(),
            skipping: None,
        }
    }

    pub(crate) fn feed(&mut self, mut bytes: &[u8], mut emit: impl FnMut(Frame<'_>)) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|b| *b == 0);
            let part = &bytes[..end.unwrap_or(bytes.len())];
            match &mut self.skipping {
                Some(seen) => *seen += part.len(),
                None if self.buffer.len() + part.len() > self.max => {
                    let seen = self.buffer.len() + part.len();
                    let room = HEAD.saturating_sub(self.buffer.len()).min(part.len());
                    self.buffer.truncate(HEAD);
                    self.buffer.extend_from_slice(&part[..room]);
                    self.skipping = Some(seen);
                }
                None => self.buffer.extend_from_slice(part),
            }
            let Some(end) = end else {
                return;
            };
            match self.skipping.take() {
                Some(seen) => emit(Frame::TooLarge {
                    id: leading_id(&self.buffer),
                    bytes: seen,
                }),
                None => emit(Frame::Message(&self.buffer)),
            }
            self.buffer.clear();
            bytes = &bytes[end + 1..];
        }
    }
}

/// The `id` a reply begins with (`{"id":12,...`), if it does.
pub(crate) fn leading_id(head: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(head).ok().or_else(|| {
        // The head may end inside a multi-byte character.
        (1..4).find_map(|cut| std::str::from_utf8(&head[..head.len().saturating_sub(cut)]).ok())
    })?;
    let rest = text.trim_start().strip_prefix('{')?.trim_start();
    let rest = rest
        .strip_prefix("\"id\"")?
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pipe_framer_splits_at_nuls_and_skips_an_over_long_message_keeping_its_id() {
        let mut framer = Framer::new(32);
        let mut seen: Vec<String> = Vec::new();
        let mut record = |frame: Frame<'_>| match frame {
            Frame::Message(bytes) => seen.push(String::from_utf8_lossy(bytes).into_owned()),
            Frame::TooLarge { id, bytes } => seen.push(format!("too large {id:?} {bytes}")),
        };
        framer.feed(b"{\"id\":1}\0{\"me", &mut record);
        framer.feed(b"thod\":\"X\"}\0", &mut record);
        let long = format!("{{\"id\": 7, \"result\": \"{}\"}}", "y".repeat(100));
        framer.feed(&long.as_bytes()[..50], &mut record);
        framer.feed(&long.as_bytes()[50..], &mut record);
        framer.feed(b"\0{\"id\":2}\0", &mut record);
        assert_eq!(
            seen,
            vec![
                "{\"id\":1}".to_string(),
                "{\"method\":\"X\"}".to_string(),
                format!("too large Some(7) {}", long.len()),
                "{\"id\":2}".to_string(),
            ]
        );
        assert_eq!(leading_id(b"{\"method\":\"A\"}"), None);
    }
}
