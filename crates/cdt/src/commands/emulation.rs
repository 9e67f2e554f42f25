//! `cdt emulation set|reset|show`: what the context's pages pretend to be (SPEC §6.8).

use std::collections::BTreeMap;

use cdt_domain::emulation::{EmulationField, Geolocation, NetworkSetting, Viewport};
use clap::{Args, Subcommand, ValueEnum};
use serde_json::Value;

use super::{Invocation, Params};

#[derive(Debug, Subcommand)]
pub enum EmulationCommand {
    /// Emulate a device, network, CPU, place, colour scheme, timezone or locale. Only the
    /// settings given change; the others stay. Applies to every page of the context (new ones
    /// too) and survives navigation.
    #[command(after_help = "Examples:
  cdt emulation set --viewport 390x844x3,mobile,touch --user-agent 'Mozilla/5.0 (iPhone) cdt'
  cdt emulation set --network slow-3g --cpu 4
  cdt emulation set --network 300/1600/750        # latency ms / down kbit/s / up kbit/s
  cdt emulation set --geolocation 48.8566,2.3522 --timezone Europe/Paris --locale fr-FR
  cdt emulation set --color-scheme dark --headers '{\"X-Test\":\"1\"}'

While CPU or network throttling is on, commands run without --timeout get a longer
default budget (see docs/emulation.md).")]
    Set(SetArgs),
    /// Stop emulating: everything, or only some kinds (--only).
    #[command(
        after_help = "Examples:\n  cdt emulation reset\n  cdt emulation reset --only network,cpu"
    )]
    Reset(ResetArgs),
    /// Show what is emulated now (and the budget scale it implies).
    #[command(after_help = "Examples:\n  cdt emulation show\n  cdt emulation show --output text")]
    Show,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorSchemeArg {
    Dark,
    Light,
}

fn viewport(text: &str) -> Result<Value, String> {
    let viewport: Viewport = text.parse().map_err(|e: cdt_domain::CdtError| e.message)?;
    serde_json::to_value(viewport).map_err(|e| e.to_string())
}

fn network(text: &str) -> Result<Value, String> {
    let setting: NetworkSetting = text.parse().map_err(|e: cdt_domain::CdtError| {
        format!("{} (e.g. slow-3g, or 300/1600/750)", e.message)
    })?;
    serde_json::to_value(setting).map_err(|e| e.to_string())
}

fn geolocation(text: &str) -> Result<Value, String> {
    let place: Geolocation = text
        .parse()
        .map_err(|e: cdt_domain::CdtError| format!("{} (e.g. 48.8566,2.3522)", e.message))?;
    serde_json::to_value(place).map_err(|e| e.to_string())
}

fn headers(text: &str) -> Result<Value, String> {
    let parsed: BTreeMap<String, Value> = serde_json::from_str(text).map_err(|e| {
        format!("--headers must be a JSON object of strings ({e}), e.g. '{{\"X-Test\":\"1\"}}'")
    })?;
    let mut headers = serde_json::Map::new();
    for (name, value) in parsed {
        match value {
            Value::String(value) => {
                headers.insert(name, Value::String(value));
            }
            other => return Err(format!("header {name:?} must be a string, not {other}")),
        }
    }
    Ok(Value::Object(headers))
}

fn field(text: &str) -> Result<Value, String> {
    let wanted = text.trim().replace('-', "").to_ascii_lowercase();
    EmulationField::ALL
        .iter()
        .find(|f| serde_json::to_value(f).ok().and_then(|v| v.as_str().map(str::to_ascii_lowercase)) == Some(wanted.clone()))
        .and_then(|f| serde_json::to_value(f).ok())
        .ok_or_else(|| format!("{text:?} is not one of viewport, user-agent, network, cpu, geolocation, color-scheme, timezone, locale, headers"))
}

#[derive(Debug, Args)]
pub struct SetArgs {
    /// WIDTHxHEIGHT[xDPR][,mobile][,touch][,landscape], e.g. 390x844x3,mobile,touch.
    #[arg(long, value_name = "WxH[xDPR][,FLAGS]", value_parser = viewport)]
    pub viewport: Option<Value>,
    /// User-Agent header and navigator.userAgent.
    #[arg(long, value_name = "TEXT")]
    pub user_agent: Option<String>,
    /// offline | slow-3g | fast-3g | slow-4g | fast-4g | LATENCY_MS/DOWN_KBPS/UP_KBPS.
    #[arg(long, value_name = "PRESET|L/D/U", value_parser = network)]
    pub network: Option<Value>,
    /// CPU slowdown factor, 1 (none) to 20.
    #[arg(long, value_name = "RATE")]
    pub cpu: Option<f64>,
    /// LAT,LON[,ACCURACY] reported by navigator.geolocation (permission granted).
    #[arg(long, value_name = "LAT,LON", value_parser = geolocation, allow_hyphen_values = true)]
    pub geolocation: Option<Value>,
    /// prefers-color-scheme.
    #[arg(long, value_enum)]
    pub color_scheme: Option<ColorSchemeArg>,
    /// IANA timezone, e.g. Asia/Tokyo.
    #[arg(long, value_name = "TZ")]
    pub timezone: Option<String>,
    /// BCP 47 locale, e.g. de-DE (Intl, navigator.language, Accept-Language).
    #[arg(long, value_name = "LOCALE")]
    pub locale: Option<String>,
    /// Extra request headers as a JSON object (replaces the previous set).
    #[arg(long, value_name = "JSON", value_parser = headers)]
    pub headers: Option<Value>,
}

#[derive(Debug, Args)]
pub struct ResetArgs {
    /// Clear only these kinds (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "KINDS", value_parser = field)]
    pub only: Vec<Value>,
}

pub fn invocation(command: &EmulationCommand) -> Invocation {
    match command {
        EmulationCommand::Set(args) => Params::default()
            .set("viewport", args.viewport.clone())
            .set("userAgent", args.user_agent.clone())
            .set("network", args.network.clone())
            .set("cpu", args.cpu)
            .set("geolocation", args.geolocation.clone())
            .set(
                "colorScheme",
                args.color_scheme.map(|c| match c {
                    ColorSchemeArg::Dark => "dark",
                    ColorSchemeArg::Light => "light",
                }),
            )
            .set("timezone", args.timezone.clone())
            .set("locale", args.locale.clone())
            .set("headers", args.headers.clone())
            .remote("emulation.set"),
        EmulationCommand::Reset(args) => Params::default()
            .set("only", (!args.only.is_empty()).then(|| args.only.clone()))
            .remote("emulation.reset"),
        EmulationCommand::Show => Params::default().remote("emulation.show"),
    }
}
