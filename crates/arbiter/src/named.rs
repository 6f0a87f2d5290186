//! Values chosen by name: an option's values (a rule set, an output format, a game) as the
//! command line, the web board's API and Python name them, each with a line of help. The
//! library says once what the names are; each front turns them into its own choices (the
//! command line into clap's possible values, with the help shown beside each).

/// A value chosen by name.
///
/// # Examples
///
/// ```
/// use arbiter::named::Named;
/// use arbiter::registry::GameName;
///
/// assert_eq!(GameName::from_name("gioco"), Some(GameName::Gioco));
/// assert_eq!(GameName::Go.name(), "go");
/// assert_eq!(GameName::from_name("chess"), None);
/// ```
pub trait Named: Copy + 'static {
    /// Every value, in the order help lists them.
    const ALL: &'static [Self];

    /// The name that chooses the value.
    fn name(self) -> &'static str;

    /// The value in a line, for help.
    fn help(self) -> &'static str;

    /// Other names that choose the value.
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// The value a name or an alias chooses.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.name() == name || value.aliases().contains(&name))
    }
}
