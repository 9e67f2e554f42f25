//! `cl100k`: prints how many cl100k_base tokens each NUL-separated document on stdin has, one
//! count per line. The ranks are embedded in the `tiktoken-rs` crate, so nothing is downloaded.
//! Used only by `bench/agent.sh`; never part of cdt itself.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut input) {
        let _ = writeln!(std::io::stderr(), "cl100k: cannot read stdin: {error}");
        return ExitCode::from(2);
    }
    let bpe = match tiktoken_rs::cl100k_base() {
        Ok(bpe) => bpe,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "cl100k: cannot load the ranks: {error}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    for document in input.split(|b| *b == 0) {
        let text = String::from_utf8_lossy(document);
        let count = bpe.encode_with_special_tokens(&text).len();
        if writeln!(out, "{count}").is_err() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
