package io.cerulean.table.model;

import java.util.Optional;

/** The eight Entity Data Model types a property can have, with their wire names. */
public enum EdmType {
    STRING("Edm.String"),
    INT32("Edm.Int32"),
    INT64("Edm.Int64"),
    DOUBLE("Edm.Double"),
    BOOLEAN("Edm.Boolean"),
    DATETIME("Edm.DateTime"),
    GUID("Edm.Guid"),
    BINARY("Edm.Binary");

    private static final EdmType[] VALUES = values();

    private final String wireName;

    EdmType(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in {@code @odata.type} annotations, e.g. {@code Edm.Int64}. */
    public String wireName() {
        return wireName;
    }

    /** The type named exactly (case-sensitive, as the service requires) by a wire name. */
    public static Optional<EdmType> fromWireName(String name) {
        for (EdmType type : VALUES) {
            if (type.wireName.equals(name)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** The type with the given ordinal; used by binary encodings. */
    public static EdmType ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
