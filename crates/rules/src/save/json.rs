//! Reading JSON text as the saved-game format requires: like `serde_json::from_str` into a
//! `Value`, except that an object naming the same key twice is refused instead of keeping the
//! last value (two readers could otherwise see two different games in one file).

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// Parses `text` into a `Value`, refusing duplicate keys at any depth.
pub(crate) fn parse_without_duplicates(text: &str) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = UniqueKeys.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// Builds a `Value` from any JSON token, checking object keys for repeats.
#[derive(Clone, Copy)]
struct UniqueKeys;

impl<'de> DeserializeSeed<'de> for UniqueKeys {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_string()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(UniqueKeys)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key \"{}\" appears twice in one object",
                    cut(&key)
                )));
            }
            let value = map.next_value_seed(UniqueKeys)?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// A key for a message, cut short.
fn cut(key: &str) -> String {
    const LIMIT: usize = 40;
    if key.chars().count() > LIMIT {
        let mut short: String = key.chars().take(LIMIT).collect();
        short.push('…');
        short
    } else {
        key.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::parse_without_duplicates;

    #[test]
    fn repeated_keys_are_refused_at_any_depth() {
        let error = parse_without_duplicates(r#"{"a": 1, "a": 2}"#).unwrap_err();
        assert!(error.to_string().contains("\"a\" appears twice"), "{error}");
        let nested = r#"{"a": [{"b": 1, "c": {"d": 1, "d": 1}}]}"#;
        assert!(parse_without_duplicates(nested).is_err());
    }

    #[test]
    fn reads_the_same_values_as_serde_json() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true], "b": {"c": {}}, "d": []}"#;
        let expected: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(parse_without_duplicates(text).unwrap(), expected);
        assert!(parse_without_duplicates("{} x").is_err());
    }
}
