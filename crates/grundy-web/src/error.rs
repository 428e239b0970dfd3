//! Errors of the API: every failure is a status code and a JSON body `{"error": "…"}` that
//! says what was wrong, never a panic.

use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A failed request: the status to answer and a message for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (4xx for anything the client can fix).
    pub status: StatusCode,
    /// What was wrong, naming the field, move or path at fault.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed or a value in it is invalid.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: the named game, record or page does not exist.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// 403: the path leaves the directory the server was given.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    /// 422: a well-formed move that the rules refuse.
    pub fn illegal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 413: the request is over one of the server's caps (named in the message).
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 503: the server could not finish the work in its time limit.
    pub fn busy(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = crate::scrub::scrub("error reply", &self.message);
        let body = serde_json::json!({ "error": message });
        (self.status, Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// Every rejection of a JSON body is the client's to fix: 415 without the JSON content
    /// type, 413 over the size limit, and 400 for the rest (malformed JSON, a missing field,
    /// a field of the wrong type), as `docs/web.md` says. Axum's own answer to a body that
    /// does not fit the request's type is 422, which this API keeps for illegal moves.
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        match &rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON with the header Content-Type: application/json",
            ),
            _ if status == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, body_too_large())
            }
            JsonRejection::JsonSyntaxError(error) => {
                ApiError::bad_request(format!("malformed JSON body: {}", cause(error)))
            }
            JsonRejection::JsonDataError(error) => {
                ApiError::bad_request(format!("bad request body: {}", cause(error)))
            }
            _ => ApiError::new(
                client_status(status),
                format!("the body could not be read: {}", rejection.body_text()),
            ),
        }
    }
}

/// What serde said of a rejected body (the field at fault and where), without axum's
/// sentence before it.
fn cause(error: &dyn std::error::Error) -> String {
    error
        .source()
        .map_or_else(|| error.to_string(), ToString::to_string)
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> Self {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            body_too_large()
        } else {
            format!("the body could not be read: {}", rejection.body_text())
        };
        ApiError::new(client_status(status), message)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::bad_request(format!("bad query string: {}", rejection.body_text()))
    }
}

/// The message of a body over [`crate::BODY_LIMIT`].
fn body_too_large() -> String {
    format!(
        "the body is larger than the limit of {} bytes",
        crate::BODY_LIMIT
    )
}

/// `status` when it is a client error, 400 otherwise: a rejection of the body is always the
/// client's to fix.
fn client_status(status: StatusCode) -> StatusCode {
    if status.is_client_error() {
        status
    } else {
        StatusCode::BAD_REQUEST
    }
}
