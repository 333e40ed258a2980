package io.cerulean.core.error;

/**
 * The error contract of the Table service: each Azure error code with its HTTP status and the
 * service's canonical message. Only the server renders these (JSON, XML, x-ms-error-code); the
 * rest of Cerulean throws {@link TableServiceException} carrying one.
 */
public enum ErrorCode {
    TABLE_ALREADY_EXISTS("TableAlreadyExists", 409, "The table specified already exists."),
    TABLE_NOT_FOUND("TableNotFound", 404, "The table specified does not exist."),
    TABLE_BEING_DELETED("TableBeingDeleted", 409, "The specified table is being deleted."),
    RESOURCE_NOT_FOUND("ResourceNotFound", 404, "The specified resource does not exist."),
    ENTITY_ALREADY_EXISTS("EntityAlreadyExists", 409, "The specified entity already exists."),
    UPDATE_CONDITION_NOT_SATISFIED("UpdateConditionNotSatisfied", 412,
            "The update condition specified in the request was not satisfied."),
    PROPERTIES_NEED_VALUE("PropertiesNeedValue", 400,
            "The values are not specified for all properties in the entity."),
    DUPLICATE_PROPERTIES_SPECIFIED("DuplicatePropertiesSpecified", 400, "A property is specified more than one time."),
    PROPERTY_NAME_INVALID("PropertyNameInvalid", 400, "The property name is invalid."),
    PROPERTY_NAME_TOO_LONG("PropertyNameTooLong", 400, "The property name exceeds the maximum allowed length."),
    PROPERTY_VALUE_TOO_LARGE("PropertyValueTooLarge", 400,
            "The property value exceeds the maximum allowed size (64KB). If the property value is a string, "
                    + "it is UTF-16 encoded and the maximum number of characters should be 32K or less."),
    ENTITY_TOO_LARGE("EntityTooLarge", 400, "The entity is larger than the maximum allowed size (1MB)."),
    TOO_MANY_PROPERTIES("TooManyProperties", 400, "The entity contains more properties than allowed."),
    KEY_VALUE_TOO_LARGE("KeyValueTooLarge", 400, "The key value exceeds the maximum allowed size (1 KiB)."),
    INVALID_VALUE_TYPE("InvalidValueType", 400, "The value specified is invalid."),
    INVALID_INPUT("InvalidInput", 400, "One of the request inputs is not valid."),
    OUT_OF_RANGE_INPUT("OutOfRangeInput", 400, "One of the request inputs is out of range."),
    INVALID_RESOURCE_NAME("InvalidResourceName", 400, "The specified resource name contains invalid characters."),
    INVALID_DUPLICATE_ROW("InvalidDuplicateRow", 400,
            "A command with the same RowKey is already present in the batch. An entity can appear only once in a batch."),
    INVALID_XML_DOCUMENT("InvalidXmlDocument", 400, "XML specified is not syntactically valid."),
    INVALID_XML_NODE_VALUE("InvalidXmlNodeValue", 400, "The value for one of the XML nodes is not in the correct format."),
    INVALID_QUERY_PARAMETER_VALUE("InvalidQueryParameterValue", 400,
            "Value for one of the query parameters specified in the request URI is invalid."),
    INVALID_HEADER_VALUE("InvalidHeaderValue", 400,
            "The value for one of the HTTP headers is not in the correct format."),
    INVALID_URI("InvalidUri", 400, "The requested URI does not represent any resource on the server."),
    MISSING_REQUIRED_HEADER("MissingRequiredHeader", 400,
            "An HTTP header that's mandatory for this request is not specified."),
    X_METHOD_NOT_USING_POST("XMethodNotUsingPost", 400,
            "The request uses X-HTTP-Method with an HTTP verb other than POST."),
    X_METHOD_INCORRECT_COUNT("XMethodIncorrectCount", 400, "More than one X-HTTP-Method is specified."),
    X_METHOD_INCORRECT_VALUE("XMethodIncorrectValue", 400, "The specified X-HTTP-Method is invalid."),
    JSON_FORMAT_NOT_SUPPORTED("JsonFormatNotSupported", 415, "JSON format is not supported."),
    ATOM_FORMAT_NOT_SUPPORTED("AtomFormatNotSupported", 415, "Atom format is not supported."),
    METHOD_NOT_ALLOWED("MethodNotAllowed", 405, "The requested method is not allowed on the specified resource."),
    NOT_IMPLEMENTED("NotImplemented", 501, "The requested operation is not implemented on the specified resource."),
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
    CORS_PREFLIGHT_FAILURE("CorsPreflightFailure", 403, "CORS not enabled or no matching rule found for this request."),
    INVALID_AUTHENTICATION_INFO("InvalidAuthenticationInfo", 400,
            "Authentication information is not given in the correct format. Check the value of Authorization header."),
    RESOURCE_ACCOUNT_NOT_FOUND("ResourceNotFound", 404, "The specified resource does not exist."),
    INTERNAL_ERROR("InternalError", 500, "The server encountered an internal error. Please retry the request."),
    SERVER_BUSY("ServerBusy", 503, "The server is currently unable to receive requests. Please retry your request."),
    OPERATION_TIMED_OUT("OperationTimedOut", 500, "The operation could not be completed within the permitted time.");

    private final String code;
    private final int status;
    private final String message;

    ErrorCode(String code, int status, String message) {
        this.code = code;
        this.status = status;
        this.message = message;
    }

    /** The Azure error code, as sent in {@code x-ms-error-code} and the error body. */
    public String code() {
        return code;
    }

    /** The HTTP status the service answers with. */
    public int status() {
        return status;
    }

    /** The service's canonical message for this code. */
    public String message() {
        return message;
    }
}
