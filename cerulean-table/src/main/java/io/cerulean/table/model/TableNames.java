package io.cerulean.table.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableError;
import io.cerulean.table.error.TableServiceException;
import java.util.Locale;

/**
 * Table name rules: {@code ^[A-Za-z][A-Za-z0-9]{2,62}$}, not {@code tables}; unique per account
 * without regard to case, which is preserved for display.
 */
public final class TableNames {
    private TableNames() {
    }

    /** Checks a name given to Create Table. */
    public static void validate(String name) {
        if (name == null || name.isEmpty()) {
            throw new TableServiceException(TableError.PROPERTIES_NEED_VALUE, "The TableName property is required.");
        }
        boolean wellFormed = isLetter(name.charAt(0));
        for (int i = 1; i < name.length() && wellFormed; i++) {
            char c = name.charAt(i);
            wellFormed = isLetter(c) || (c >= '0' && c <= '9');
        }
        if (!wellFormed || name.equalsIgnoreCase("tables")) {
            throw new TableServiceException(CommonError.INVALID_RESOURCE_NAME);
        }
        if (name.length() < 3 || name.length() > 63) {
            throw new TableServiceException(CommonError.OUT_OF_RANGE_INPUT,
                    "The specified resource name length is not within the permissible limits.");
        }
    }

    /**
     * Whether a name is the service's own ({@code $MetricsHourPrimaryTransactionsBlob}: Storage
     * Analytics'): no client can create one, Query Tables lists none, and no client writes to one.
     */
    public static boolean isReserved(String name) {
        return !name.isEmpty() && name.charAt(0) == '$';
    }

    /** The key a table is found by: its name without case. */
    public static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
