//! A name read back against the registry: [`Oracle::from_name`] and `Deserialize` know
//! only the names of [`super::REGISTRY`]'s rows. The type itself is
//! [`crate::verdict::Oracle`], below the oracles, so that the layers the oracles use can
//! name one.

use super::Oracle;
use serde::{Deserialize, Deserializer};

impl Oracle {
    /// The registered name `name`, if the registry has it.
    pub fn from_name(name: &str) -> Option<Oracle> {
        super::registry::rows()
            .find(|r| r.name.as_str() == name)
            .map(|r| r.name)
    }
}

impl<'de> Deserialize<'de> for Oracle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Oracle, D::Error> {
        let name = String::deserialize(d)?;
        Oracle::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown oracle '{name}'")))
    }
}
