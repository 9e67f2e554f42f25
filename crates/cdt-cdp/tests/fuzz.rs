//! Property tests of the endpoint guard (issue 20.4): for any URL built from hostile parts
//! (schemes, user-info, IPv4/IPv6 literals in every spelling, mapped and unspecified
//! addresses, ports), `vet` without `allow_remote` either refuses it with a code or answers
//! loopback addresses only, and never an unspecified one. Only literals and `localhost` are
//! generated (no name needs DNS). `CDT_FUZZ_CASES` sets the number of random cases.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::IpAddr;

use cdt_cdp::endpoint::vet;
use cdt_testkit::fuzz::config;
use proptest::prelude::*;

const CORPUS: &str = include_str!("../../../tests/fuzz-corpus/url.txt");

fn loopback_only(endpoint: &str, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    match runtime.block_on(vet(endpoint, false)) {
        Err(error) if error.message.is_empty() => {
            Err(format!("{endpoint}: error without a message"))
        }
        Err(_) => Ok(()),
        Ok(vetted) => {
            for address in &vetted.addresses {
                let ip = address.ip();
                let mapped = match ip {
                    IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
                    v4 => v4,
                };
                if !mapped.is_loopback() || mapped.is_unspecified() {
                    return Err(format!("{endpoint} passed as {ip}"));
                }
            }
            Ok(())
        }
    }
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<[u8; 4]>().prop_map(|b| format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])),
        any::<u32>().prop_map(|n| n.to_string()),
        any::<u32>().prop_map(|n| format!("0x{n:x}")),
        prop::sample::select(vec![
            "127.0.0.1",
            "127.1",
            "0.0.0.0",
            "0",
            "localhost",
            "LOCALHOST",
            "[::1]",
            "[::]",
            "[::ffff:127.0.0.1]",
            "[::ffff:0.0.0.0]",
            "[0:0:0:0:0:0:0:1]",
            "[::ffff:7f00:1]",
            "127.0.0.1.",
            "[fe80::1]",
            "10.0.0.1",
            "169.254.1.1",
        ])
        .prop_map(String::from),
        any::<[u16; 8]>().prop_map(|s| format!(
            "[{:x}:{:x}:{:x}:{:x}:{:x}:{:x}:{:x}:{:x}]",
            s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
        )),
    ]
}

fn endpoint() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "http://", "ws://", "https://", "wss://", "HTTP://", "file://", "", "//",
        ]),
        prop::option::of("[a-z@:]{1,6}@"),
        host(),
        prop::option::of(any::<u32>()),
        "(/[a-z?#%]{0,8}){0,2}",
    )
        .prop_map(|(scheme, user, host, port, path)| {
            let port = port.map(|p| format!(":{p}")).unwrap_or_default();
            format!("{scheme}{}{host}{port}{path}", user.unwrap_or_default())
        })
}

#[test]
fn the_corpus_never_passes_a_non_loopback_address() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        assert_eq!(loopback_only(line, &runtime), Ok(()));
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn no_hostile_endpoint_passes_as_anything_but_loopback(endpoint in endpoint()) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        prop_assert_eq!(loopback_only(&endpoint, &runtime), Ok(()));
    }
}
