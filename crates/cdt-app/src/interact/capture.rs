//! `capture screenshot|pdf`: images saved under the context's artifacts (newest 200 kept) with
//! their metadata, or to a file the caller names.

use base64::Engine;
use cdt_domain::interact::ScreenshotRequest;
use cdt_domain::limits::FIELD_BUDGET_BYTES;
use cdt_domain::ops::{PdfParams, PdfReply, ScreenshotParams, ScreenshotReply};
use cdt_domain::probe::ProbeCommand;
use cdt_domain::time::{iso8601, now_unix_ms};
use cdt_domain::{CdtError, Warning, WarningCode};
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio::time::Instant;

use super::pointing::frame_offset;
use super::{frame_of, probe_result};
use crate::blocking;
use crate::context::Scope;
use crate::dispatch::use_case;
use crate::files::absolute;

use_case!(CaptureScreenshot, |scope, params, until| screenshot(
    scope, &params, until
)
.await);
use_case!(CapturePdf, |scope, params, until| pdf(
    scope, &params, until
)
.await);

/// Screenshots kept per context.
pub const KEEP_SCREENSHOTS: usize = 200;

/// Width and height from a PNG, JPEG or WebP header.
pub fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let be16 = |i: usize| {
        Some(u32::from(u16::from_be_bytes([
            *bytes.get(i)?,
            *bytes.get(i + 1)?,
        ])))
    };
    let le16 = |i: usize| {
        Some(u32::from(u16::from_le_bytes([
            *bytes.get(i)?,
            *bytes.get(i + 1)?,
        ])))
    };
    if bytes.starts_with(b"\x89PNG") {
        let w = u32::from_be_bytes(bytes.get(16..20)?.try_into().ok()?);
        let h = u32::from_be_bytes(bytes.get(20..24)?.try_into().ok()?);
        return Some((w, h));
    }
    if bytes.starts_with(&[0xff, 0xd8]) {
        let mut i = 2;
        while i + 9 < bytes.len() {
            if bytes[i] != 0xff {
                return None;
            }
            let marker = bytes[i + 1];
            let length = be16(i + 2)? as usize;
            if matches!(marker, 0xc0..=0xc3 | 0xc5..=0xc7 | 0xc9..=0xcb | 0xcd..=0xcf) {
                return Some((be16(i + 7)?, be16(i + 5)?));
            }
            i += 2 + length;
        }
        return None;
    }
    if bytes.get(0..4) == Some(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        return match bytes.get(12..16)? {
            b"VP8 " => Some((le16(26)? & 0x3fff, le16(28)? & 0x3fff)),
            b"VP8L" => {
                let b = bytes.get(21..25)?;
                let bits = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
            }
            b"VP8X" => {
                let w =
                    u32::from_le_bytes([*bytes.get(24)?, *bytes.get(25)?, *bytes.get(26)?, 0]) + 1;
                let h =
                    u32::from_le_bytes([*bytes.get(27)?, *bytes.get(28)?, *bytes.get(29)?, 0]) + 1;
                Some((w, h))
            }
            _ => None,
        };
    }
    None
}

pub async fn screenshot(
    scope: &Scope<'_>,
    params: &ScreenshotParams,
    until: Instant,
) -> Result<ScreenshotReply, CdtError> {
    let format = params.format.unwrap_or_default().as_str().to_string();
    if params.quality.is_some_and(|q| q > 100) {
        return Err(
            CdtError::validation("--quality goes from 0 to 100").hinted("Use e.g. --quality 80")
        );
    }
    let file = params
        .file
        .as_deref()
        .map(|f| absolute(f, "--file"))
        .transpose()?;
    // A shot of one element scrolls it into view: that is a change of the page, under its lock.
    let (ctx, _mutating) = match &params.uid {
        Some(_) => {
            let (ctx, mutating) = scope.page_for_action(params.page, until).await?;
            (ctx, Some(mutating))
        }
        None => {
            let ctx = scope.page(params.page, until).await?;
            ctx.to_front().await?;
            (ctx, None)
        }
    };
    ctx.no_dialog()?;
    let clip = match &params.uid {
        Some(uid) => {
            let frame = frame_of(uid)?;
            let found = probe_result(
                ctx.probe(frame, ProbeCommand::ScrollIntoView, json!({ "uid": uid }))
                    .await?,
                uid,
            )?;
            let (dx, dy) = frame_offset(&ctx, frame).await?;
            // The clip is in page coordinates: add how far the main frame is scrolled.
            let main = ctx.probe("", ProbeCommand::State, json!({})).await?;
            let (dx, dy) = (
                dx + main["scroll"]["x"].as_f64().unwrap_or(0.0),
                dy + main["scroll"]["y"].as_f64().unwrap_or(0.0),
            );
            let b = &found["box"];
            Some((
                b["x"].as_f64().unwrap_or(0.0) + dx,
                b["y"].as_f64().unwrap_or(0.0) + dy,
                b["width"].as_f64().unwrap_or(1.0).max(1.0),
                b["height"].as_f64().unwrap_or(1.0).max(1.0),
            ))
        }
        None => None,
    };
    let request = ScreenshotRequest {
        format: format.clone(),
        quality: params.quality,
        full_page: params.full_page,
        clip,
    };
    let bytes = ctx.browser.screenshot(&ctx.target, &request).await?;
    // Writing (with fsync) and pruning the artifact folder are disk work: off the async threads.
    let (store, key) = (scope.store().clone(), ctx.slot.key.clone());
    let file = file.map(std::path::Path::to_path_buf);
    let extension = if format == "jpeg" { "jpg" } else { &format }.to_string();
    let (path, bytes) = blocking::run(move || {
        let path = match file {
            Some(path) => {
                store.write_file(&path, &bytes)?;
                path
            }
            None => {
                store.save_artifact(&key, "screenshots", &extension, &bytes, KEEP_SCREENSHOTS)?
            }
        };
        Ok((path, bytes))
    })
    .await?;
    let (width, height) = image_size(&bytes).unwrap_or((0, 0));
    let digest: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut out = ScreenshotReply {
        path: path.display().to_string(),
        sha256: digest,
        width,
        height,
        format: params.format.unwrap_or_default(),
        bytes: bytes.len(),
        captured_at: iso8601(now_unix_ms() as f64),
        page: ctx.page,
        base64: None,
        inline_omitted: false,
        warnings: Vec::new(),
    };
    if params.inline {
        let encoded = base64::engine::general_purpose::STANDARD.encode(&bytes);
        if encoded.len() + 2 <= FIELD_BUDGET_BYTES {
            out.base64 = Some(encoded);
        } else {
            // Too big to inline: the image is in the file named by `path`.
            out.inline_omitted = true;
            out.warnings.push(
                Warning::new(
                    WarningCode::Truncated,
                    format!(
                        "the image is {} bytes ({} in base64), too large to inline in one reply; read it from {}",
                        bytes.len(),
                        encoded.len(),
                        path.display()
                    ),
                )
                .with_details(json!({ "field": "base64", "size": encoded.len(), "path": path })),
            );
        }
    }
    Ok(out)
}

pub async fn pdf(
    scope: &Scope<'_>,
    params: &PdfParams,
    until: Instant,
) -> Result<PdfReply, CdtError> {
    let path = absolute(&params.file, "the PDF file")?;
    let ctx = scope.page_to_read(params.page, until).await?;
    let bytes = ctx.browser.pdf(&ctx.target).await?;
    let size = bytes.len();
    let (store, target) = (scope.store().clone(), path.to_path_buf());
    blocking::run(move || store.write_file(&target, &bytes)).await?;
    Ok(PdfReply {
        path: path.display().to_string(),
        bytes: size,
        page: ctx.page,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_png_and_jpeg_sizes() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&800u32.to_be_bytes());
        png.extend_from_slice(&600u32.to_be_bytes());
        assert_eq!(image_size(&png), Some((800, 600)));
        let jpeg = [
            0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0,
        ];
        assert_eq!(image_size(&jpeg), Some((640, 480)));
        assert_eq!(image_size(b"nope"), None);
    }
}
