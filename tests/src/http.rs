//! A tiny HTTP/1.1 server on 127.0.0.1 for test pages (and a minimal WebSocket endpoint).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Default)]
struct Route {
    delay_ms: u64,
    content_type: String,
    body: Vec<u8>,
    /// Answer `302 Found` with this `Location` instead of the body.
    location: Option<String>,
    /// Answer with the request's headers as a JSON object (lower-case names).
    echo_headers: bool,
    /// Let the browser cache the answer for an hour (`Cache-Control: max-age=3600`).
    cacheable: bool,
    /// Answer `401 Unauthorized` (asking for Basic authentication) unless the request carries
    /// this `Authorization` header.
    authorization: Option<String>,
}

impl Route {
    /// `body` with `content_type`, answered at once.
    fn with(content_type: &str, body: &[u8]) -> Route {
        Route {
            content_type: content_type.into(),
            body: body.to_vec(),
            ..Route::default()
        }
    }
}

type Routes = Arc<Mutex<HashMap<String, Route>>>;
/// Requests served, by path.
type Hits = Arc<Mutex<HashMap<String, usize>>>;

/// A tiny HTTP/1.1 server on 127.0.0.1 for test pages. A route may delay its answer.
pub struct HttpServer {
    pub port: u16,
    routes: Routes,
    hits: Hits,
}

impl HttpServer {
    pub fn start() -> HttpServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let routes: Routes = Arc::new(Mutex::new(HashMap::new()));
        let hits: Hits = Arc::default();
        let (served, counted) = (routes.clone(), hits.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (routes, hits) = (served.clone(), counted.clone());
                std::thread::spawn(move || serve(&stream, &routes, &hits));
            }
        });
        let server = HttpServer { port, routes, hits };
        server.page("/", "Home", "<h1>home</h1>");
        server
    }

    /// Serves an HTML page with `title` and `body` at `path`.
    pub fn page(&self, path: &str, title: &str, body: &str) {
        let html = format!(
            "<!doctype html><html><head><title>{title}</title></head><body>{body}</body></html>"
        );
        self.raw(path, "text/html; charset=utf-8", &html);
    }

    /// Serves `body` as is, with `content_type`.
    pub fn raw(&self, path: &str, content_type: &str, body: &str) {
        self.bytes(path, content_type, body.as_bytes());
    }

    /// Serves binary `body` with `content_type`.
    pub fn bytes(&self, path: &str, content_type: &str, body: &[u8]) {
        self.serve(path, Route::with(content_type, body));
    }

    /// Serves binary `body` with `content_type` after `delay_ms`.
    pub fn delayed_bytes(&self, path: &str, content_type: &str, body: &[u8], delay_ms: u64) {
        self.serve(
            path,
            Route {
                delay_ms,
                ..Route::with(content_type, body)
            },
        );
    }

    /// Answers `path` with the request's headers as JSON (`{"user-agent": …}`).
    pub fn echo_headers(&self, path: &str) {
        let echo = Route {
            echo_headers: true,
            ..Route::with("application/json", b"")
        };
        self.serve(path, echo);
    }

    /// Redirects `path` to `to` with `302 Found`.
    pub fn redirect(&self, path: &str, to: &str) {
        let redirect = Route {
            location: Some(to.into()),
            ..Route::with("text/plain", b"")
        };
        self.serve(path, redirect);
    }

    /// Serves an HTML page at `path` only to requests authenticated as `user` with `password`
    /// (HTTP Basic); others are answered `401` with `WWW-Authenticate`.
    pub fn protected_page(
        &self,
        path: &str,
        title: &str,
        body: &str,
        (user, password): (&str, &str),
    ) {
        use base64::Engine;
        let credentials =
            base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        let html = format!("<!doctype html><meta charset=utf-8><title>{title}</title>{body}");
        let route = Route {
            authorization: Some(format!("Basic {credentials}")),
            ..Route::with("text/html; charset=utf-8", html.as_bytes())
        };
        self.serve(path, route);
    }

    /// A page whose response is delayed by `delay_ms`.
    pub fn slow_page(&self, path: &str, delay_ms: u64) {
        let slow = Route::with("text/html", b"<title>slow</title>slow");
        self.serve(path, Route { delay_ms, ..slow });
    }

    /// Serves `body` with `content_type`, cacheable for an hour.
    pub fn cacheable(&self, path: &str, content_type: &str, body: &str) {
        let cached = Route {
            cacheable: true,
            ..Route::with(content_type, body.as_bytes())
        };
        self.serve(path, cached);
    }

    /// How many requests for `path` reached the server.
    pub fn hits(&self, path: &str) -> usize {
        self.hits.lock().unwrap().get(path).copied().unwrap_or(0)
    }

    fn serve(&self, path: &str, route: Route) {
        self.routes.lock().unwrap().insert(path.into(), route);
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// The same server under another site (`localhost`), for cross-origin iframes.
    pub fn other_origin_url(&self, path: &str) -> String {
        format!("http://localhost:{}{path}", self.port)
    }
}

fn serve(stream: &std::net::TcpStream, routes: &Routes, hits: &Hits) {
    let mut reader = BufReader::new(stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let mut headers = HashMap::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map(|n| n == 0).unwrap_or(true) || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
    }
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("GET").to_string();
    let path = parts
        .next()
        .unwrap_or("/")
        .split('?')
        .next()
        .unwrap_or("/")
        .to_string();
    if let Some(key) = headers.get("sec-websocket-key") {
        websocket(stream, &mut reader, key);
        return;
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    let _ = std::io::Read::read_exact(&mut reader, &mut body);
    *hits.lock().unwrap().entry(path.clone()).or_default() += 1;
    let route = routes.lock().unwrap().get(&path).cloned();
    let cache = if route.as_ref().is_some_and(|r| r.cacheable) {
        "Cache-Control: max-age=3600\r\n"
    } else {
        ""
    };
    let (status, delay, content_type, payload) = match route {
        _ if method == "POST" => {
            let echo = format!("{{\"echo\":{}}}", String::from_utf8_lossy(&body));
            (
                "200 OK",
                0,
                "application/json".to_string(),
                echo.into_bytes(),
            )
        }
        Some(Route {
            location: Some(to), ..
        }) => {
            let head = format!(
                "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            );
            let mut stream = stream;
            let _ = stream.write_all(head.as_bytes());
            return;
        }
        Some(Route {
            authorization: Some(expected),
            ..
        }) if headers.get("authorization") != Some(&expected) => {
            let head = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"test\"\r\nContent-Type: text/html\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
            let mut stream = stream;
            let _ = stream.write_all(head.as_bytes());
            return;
        }
        Some(route) if route.echo_headers => {
            let mut sorted: Vec<(&String, &String)> = headers.iter().collect();
            sorted.sort();
            let object: serde_json::Map<String, serde_json::Value> = sorted
                .into_iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
                .collect();
            (
                "200 OK",
                0,
                route.content_type,
                serde_json::Value::Object(object).to_string().into_bytes(),
            )
        }
        Some(route) => ("200 OK", route.delay_ms, route.content_type, route.body),
        None => (
            "404 Not Found",
            0,
            "text/html".to_string(),
            b"<title>404</title>not found".to_vec(),
        ),
    };
    std::thread::sleep(Duration::from_millis(delay));
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{cache}Set-Cookie: session=abc123\r\nConnection: close\r\n\r\n",
        payload.len()
    );
    let mut stream = stream;
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(&payload));
}

/// A minimal WebSocket endpoint: echoes the client's first text frame, says hello, closes.
fn websocket(
    stream: &std::net::TcpStream,
    reader: &mut BufReader<&std::net::TcpStream>,
    key: &str,
) {
    use base64::Engine;
    use sha1::Digest;
    let accept = base64::engine::general_purpose::STANDARD.encode(sha1::Sha1::digest(
        format!("{key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11").as_bytes(),
    ));
    let mut writer = stream;
    let handshake = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    if writer.write_all(handshake.as_bytes()).is_err() {
        return;
    }
    let text_frame = |payload: &str| {
        let mut frame = vec![0x81u8, payload.len() as u8];
        frame.extend_from_slice(payload.as_bytes());
        frame
    };
    let mut header = [0u8; 2];
    if std::io::Read::read_exact(reader, &mut header).is_ok() {
        let length = usize::from(header[1] & 0x7f);
        let mut mask = [0u8; 4];
        let mut payload = vec![0u8; length];
        if std::io::Read::read_exact(reader, &mut mask).is_ok()
            && std::io::Read::read_exact(reader, &mut payload).is_ok()
        {
            let text: String = payload
                .iter()
                .enumerate()
                .map(|(i, b)| char::from(b ^ mask[i % 4]))
                .collect();
            let _ = writer.write_all(&text_frame(&format!("echo:{text}")));
        }
    }
    let _ = writer.write_all(&text_frame("hello from server"));
    std::thread::sleep(Duration::from_millis(200));
    let _ = writer.write_all(&[0x88, 0x00]);
}
