//! Seat tokens and game ids: random, from the operating system, written in lowercase hex (URL-safe
//! without escaping).

/// Random bytes in a seat token: 128 bits, the protocol's minimum (a guess succeeds with
/// probability 2⁻¹²⁸ per try).
const TOKEN_BYTES: usize = 16;

/// Random bytes in a game id: the id only lets you watch, but watching should not be open to
/// anyone counting ids up.
const GAME_ID_BYTES: usize = 8;

/// The operating system's random source failed (it does not on any supported platform; the
/// server answers 500 rather than hand out a weak token).
#[derive(Debug)]
pub struct NoEntropy(getrandom::Error);

impl std::fmt::Display for NoEntropy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the operating system's random source failed: {}", self.0)
    }
}

impl std::error::Error for NoEntropy {}

/// A new seat token.
///
/// # Errors
/// [`NoEntropy`] when the OS gives no random bytes.
pub fn new_token() -> Result<String, NoEntropy> {
    random_hex::<TOKEN_BYTES>()
}

/// A new game id.
///
/// # Errors
/// [`NoEntropy`] when the OS gives no random bytes.
pub fn new_game_id() -> Result<String, NoEntropy> {
    random_hex::<GAME_ID_BYTES>()
}

/// A fair coin from the OS, for `"seat": "random"`.
///
/// # Errors
/// [`NoEntropy`] when the OS gives no random bytes.
pub fn coin() -> Result<bool, NoEntropy> {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte).map_err(NoEntropy)?;
    Ok(byte[0] & 1 == 1)
}

fn random_hex<const N: usize>() -> Result<String, NoEntropy> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(NoEntropy)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_128_bits_in_url_safe_text() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len() * 4, 128);
        assert_ne!(a, b);
        assert!(
            a.bytes()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
        assert_eq!(new_game_id().unwrap().len(), 16);
    }
}
