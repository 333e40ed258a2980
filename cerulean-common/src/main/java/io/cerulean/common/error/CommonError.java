package io.cerulean.common.error;

/**
 * The error codes every Azure storage service shares ("Common REST API error codes"), with their
 * HTTP status and the services' canonical message: request syntax, authentication and
 * authorization, limits, CORS, and the server's own failures.
 */
public enum CommonError implements ErrorCode {
    RESOURCE_NOT_FOUND("ResourceNotFound", 404, "The specified resource does not exist."),
    INVALID_INPUT("InvalidInput", 400, "One of the request inputs is not valid."),
    OUT_OF_RANGE_INPUT("OutOfRangeInput", 400, "One of the request inputs is out of range."),
    INVALID_RESOURCE_NAME("InvalidResourceName", 400, "The specified resource name contains invalid characters."),
    INVALID_XML_DOCUMENT("InvalidXmlDocument", 400, "XML specified is not syntactically valid."),
    INVALID_XML_NODE_VALUE("InvalidXmlNodeValue", 400, "The value for one of the XML nodes is not in the correct format."),
    INVALID_QUERY_PARAMETER_VALUE("InvalidQueryParameterValue", 400,
            "Value for one of the query parameters specified in the request URI is invalid."),
    OUT_OF_RANGE_QUERY_PARAMETER_VALUE("OutOfRangeQueryParameterValue", 400,
            "One of the query parameters specified in the request URI is outside the permissible range."),
    MISSING_REQUIRED_QUERY_PARAMETER("MissingRequiredQueryParameter", 400,
            "A query parameter that's mandatory for this request is not specified."),
    INVALID_METADATA("InvalidMetadata", 400,
            "The metadata specified is invalid. It has characters that are not permitted."),
    METADATA_TOO_LARGE("MetadataTooLarge", 400, "The size of the specified metadata exceeds the maximum size permitted."),
    INVALID_HEADER_VALUE("InvalidHeaderValue", 400,
            "The value for one of the HTTP headers is not in the correct format."),
    INVALID_URI("InvalidUri", 400, "The requested URI does not represent any resource on the server."),
    MISSING_REQUIRED_HEADER("MissingRequiredHeader", 400,
            "An HTTP header that's mandatory for this request is not specified."),
    UNSUPPORTED_HTTP_VERB("UnsupportedHttpVerb", 405, "The resource doesn't support the specified HTTP verb."),
    METHOD_NOT_ALLOWED("MethodNotAllowed", 405, "The requested method is not allowed on the specified resource."),
    REQUEST_BODY_TOO_LARGE("RequestBodyTooLarge", 413,
            "The request body is too large and exceeds the maximum permissible limit."),
    REQUEST_HEADERS_TOO_LARGE("RequestHeaderFieldsTooLarge", 431,
            "The request headers are too large and exceed the maximum permissible limit."),
    AUTHENTICATION_FAILED("AuthenticationFailed", 403,
            "Server failed to authenticate the request. Make sure the value of Authorization header is formed "
                    + "correctly including the signature."),
    AUTHORIZATION_FAILURE("AuthorizationFailure", 403, "This request is not authorized to perform this operation."),
    AUTHORIZATION_PERMISSION_MISMATCH("AuthorizationPermissionMismatch", 403,
            "This request is not authorized to perform this operation using this permission."),
    AUTHORIZATION_RESOURCE_TYPE_MISMATCH("AuthorizationResourceTypeMismatch", 403,
            "This request is not authorized to perform this operation using this resource type."),
    AUTHORIZATION_SERVICE_MISMATCH("AuthorizationServiceMismatch", 403,
            "This request is not authorized to perform this operation using this service."),
    AUTHORIZATION_PROTOCOL_MISMATCH("AuthorizationProtocolMismatch", 403,
            "This request is not authorized to perform this operation using this protocol."),
    AUTHORIZATION_SOURCE_IP_MISMATCH("AuthorizationSourceIPMismatch", 403,
            "This request is not authorized to perform this operation using this source IP."),
    /** The REST reference's "Common REST API error codes": a write where writes are not allowed. */
    INSUFFICIENT_ACCOUNT_PERMISSIONS("InsufficientAccountPermissions", 403, "Write operations are not allowed."),
    CORS_PREFLIGHT_FAILURE("CorsPreflightFailure", 403, "CORS not enabled or no matching rule found for this request."),
    INVALID_AUTHENTICATION_INFO("InvalidAuthenticationInfo", 400,
            "Authentication information is not given in the correct format. Check the value of Authorization header."),
    REQUEST_TIMEOUT("RequestTimeout", 408, "The server timed out waiting for the request."),
    NOT_IMPLEMENTED("NotImplemented", 501, "The requested operation is not implemented on the specified resource."),
    INTERNAL_ERROR("InternalError", 500, "The server encountered an internal error. Please retry the request."),
    SERVER_BUSY("ServerBusy", 503, "The server is currently unable to receive requests. Please retry your request."),
    OPERATION_TIMED_OUT("OperationTimedOut", 500, "Operation could not be completed within the specified time.");

    private final Definition definition;

    CommonError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
