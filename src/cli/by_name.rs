//! clap's parser for the library's values chosen by name ([`Named`]): their names as clap's
//! possible values, each with its line of help, as `ValueEnum` would list them.

use std::ffi::OsStr;
use std::marker::PhantomData;

use arbiter::named::Named;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;

/// Parses an argument into a `T` by its name or an alias.
pub struct ByName<T>(PhantomData<T>);

impl<T: Named> ByName<T> {
    pub fn new() -> Self {
        ByName(PhantomData)
    }

    fn values() -> impl Iterator<Item = PossibleValue> {
        T::ALL.iter().map(|&value| {
            PossibleValue::new(value.name())
                .help(value.help())
                .aliases(value.aliases().iter().copied())
        })
    }
}

impl<T> Clone for ByName<T> {
    fn clone(&self) -> Self {
        ByName(PhantomData)
    }
}

impl<T: Named + Send + Sync> TypedValueParser for ByName<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let name = PossibleValuesParser::new(Self::values()).parse_ref(cmd, arg, value)?;
        T::from_name(&name).ok_or_else(|| clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Self::values()))
    }
}
