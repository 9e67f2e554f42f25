//! The command line of the operations (feature `cli`). Each operation's flags are a clap
//! `Args` struct next to its parameters, named in the operation table; the `cdt` binary builds
//! its command tree from that table. What the flags give is serialized straight into the
//! request's parameters: a flag not given stays absent, so `--input-file` can supply it.

use clap::error::ErrorKind;
use clap::{ArgMatches, Args, FromArgMatches};
use serde::Serialize;
use serde_json::{Map, Value};

pub use super::is_false;

/// The flags of an operation and what they give.
pub trait CliArgs: Args + FromArgMatches {
    /// The parameters the flags give: `Self` when the flags are the parameters' own fields,
    /// or a typed view when the command line reads them differently (a positional that names
    /// one thing or another, `UID=VALUE` pairs).
    type Given: Serialize;
    fn given(self) -> Self::Given;
}

/// How `cdt` reaches an operation's flags without knowing their type.
#[derive(Clone, Copy, Debug)]
pub struct CliFns {
    /// Adds the flags to the operation's command.
    pub augment: fn(clap::Command) -> clap::Command,
    /// The parameters given on the command line, as JSON (absent flags absent).
    pub given: fn(&ArgMatches) -> Result<Map<String, Value>, clap::Error>,
}

impl CliFns {
    pub const fn of<A: CliArgs>() -> CliFns {
        CliFns {
            augment: A::augment_args,
            given: given::<A>,
        }
    }
}

fn given<A: CliArgs>(matches: &ArgMatches) -> Result<Map<String, Value>, clap::Error> {
    let args = A::from_arg_matches(matches)?;
    let value = serde_json::to_value(args.given())
        .map_err(|error| clap::Error::raw(ErrorKind::InvalidValue, error))?;
    let Value::Object(map) = value else {
        return Ok(Map::new());
    };
    Ok(map
        .into_iter()
        .filter(|(_, value)| match value {
            Value::Null => false,
            Value::Array(items) => !items.is_empty(),
            _ => true,
        })
        .collect())
}

/// Flags whose fields are the parameters' own: what they give is themselves.
macro_rules! given_as_is {
    ($($args:ty),* $(,)?) => {
        $( impl $crate::ops::cli::CliArgs for $args {
            type Given = Self;
            fn given(self) -> Self {
                self
            }
        } )*
    };
}
pub(crate) use given_as_is;

/// An operation without flags.
#[derive(Clone, Debug, Default, Args, Serialize)]
pub struct NoArgs {}

given_as_is!(NoArgs);
