//! C entry points over the RustCrypto crates `ascon-aead` and
//! `ascon-hash256`, with the shapes of lwc's one-shot calls, so that
//! `./lwcbench host-compare` times both in one process with one clock.
use ascon_aead::aead::inout::InOutBuf;
use ascon_aead::aead::{AeadInOut, KeyInit};
use ascon_aead::{AsconAead128, AsconAead128Key, AsconAead128Nonce, AsconAead128Tag};
use ascon_hash256::digest::Digest;
use ascon_hash256::AsconHash256;
use core::slice;

unsafe fn bytes<'a>(p: *const u8, n: usize) -> &'a [u8] {
    if n == 0 { &[] } else { slice::from_raw_parts(p, n) }
}

unsafe fn bytes_mut<'a>(p: *mut u8, n: usize) -> &'a mut [u8] {
    if n == 0 { &mut [] } else { slice::from_raw_parts_mut(p, n) }
}

/// ct receives mlen + 16 bytes (ciphertext || tag); 0 on success.
#[no_mangle]
pub unsafe extern "C" fn rc_ascon_aead128_encrypt(
    ct: *mut u8, m: *const u8, mlen: usize, ad: *const u8, adlen: usize,
    nonce: *const u8, key: *const u8,
) -> i32 {
    let key = AsconAead128Key::from(*(key as *const [u8; 16]));
    let nonce = AsconAead128Nonce::from(*(nonce as *const [u8; 16]));
    let out = bytes_mut(ct, mlen + 16);
    let (body, tag_out) = out.split_at_mut(mlen);
    let buf = InOutBuf::new(bytes(m, mlen), body).unwrap();
    match AsconAead128::new(&key).encrypt_inout_detached(&nonce, bytes(ad, adlen), buf) {
        Ok(tag) => {
            tag_out.copy_from_slice(&tag);
            0
        }
        Err(_) => -1,
    }
}

/// m receives ctlen - 16 bytes; 0 on success, -1 on a wrong tag.
#[no_mangle]
pub unsafe extern "C" fn rc_ascon_aead128_decrypt(
    m: *mut u8, ct: *const u8, ctlen: usize, ad: *const u8, adlen: usize,
    nonce: *const u8, key: *const u8,
) -> i32 {
    if ctlen < 16 {
        return -1;
    }
    let mlen = ctlen - 16;
    let key = AsconAead128Key::from(*(key as *const [u8; 16]));
    let nonce = AsconAead128Nonce::from(*(nonce as *const [u8; 16]));
    let input = bytes(ct, ctlen);
    let tag = AsconAead128Tag::try_from(&input[mlen..]).unwrap();
    let buf = InOutBuf::new(&input[..mlen], bytes_mut(m, mlen)).unwrap();
    match AsconAead128::new(&key).decrypt_inout_detached(&nonce, bytes(ad, adlen), buf, &tag) {
        Ok(()) => 0,
        Err(_) => -1,
    }
}

/// out receives the 32-byte digest.
#[no_mangle]
pub unsafe extern "C" fn rc_ascon_hash256(out: *mut u8, m: *const u8, mlen: usize) -> i32 {
    let d = AsconHash256::digest(bytes(m, mlen));
    bytes_mut(out, 32).copy_from_slice(&d);
    0
}
