package io.cerulean.table.error;

import io.cerulean.common.error.ErrorCode;

/**
 * The Table service's own error codes, with their HTTP status and the service's canonical message.
 * The codes every storage service shares are {@link io.cerulean.common.error.CommonError}. Only the
 * HTTP layer renders these (JSON, XML, x-ms-error-code); the rest of Cerulean throws
 * {@link TableServiceException} carrying one.
 */
public enum TableError implements ErrorCode {
    TABLE_ALREADY_EXISTS("TableAlreadyExists", 409, "The table specified already exists."),
    TABLE_NOT_FOUND("TableNotFound", 404, "The table specified does not exist."),
    TABLE_BEING_DELETED("TableBeingDeleted", 409, "The specified table is being deleted."),
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
    INVALID_DUPLICATE_ROW("InvalidDuplicateRow", 400,
            "A command with the same RowKey is already present in the batch. An entity can appear only once in a batch."),
    X_METHOD_NOT_USING_POST("XMethodNotUsingPost", 400,
            "The request uses X-HTTP-Method with an HTTP verb other than POST."),
    X_METHOD_INCORRECT_COUNT("XMethodIncorrectCount", 400, "More than one X-HTTP-Method is specified."),
    X_METHOD_INCORRECT_VALUE("XMethodIncorrectValue", 400, "The specified X-HTTP-Method is invalid."),
    JSON_FORMAT_NOT_SUPPORTED("JsonFormatNotSupported", 415, "JSON format is not supported."),
    ATOM_FORMAT_NOT_SUPPORTED("AtomFormatNotSupported", 415, "Atom format is not supported."),
    MEDIA_TYPE_NOT_SUPPORTED("MediaTypeNotSupported", 415, "None of the provided media types are supported");

    private final Definition definition;

    TableError(String code, int status, String message) {
        this.definition = new Definition(code, status, message);
    }

    @Override
    public Definition definition() {
        return definition;
    }
}
