package io.cerulean.blob.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * Container names as the service accepts them ("Naming and referencing containers"): 3 to 63
 * characters of lower-case letters, digits and '-', starting with a letter or digit, no "--", not
 * ending with '-'. {@code $root}, {@code $logs} and {@code $web} are the reserved names.
 */
public final class ContainerNames {
    public static final String ROOT = "$root";
    /** Storage Analytics' logs, which List Containers never lists. */
    public static final String LOGS = "$logs";
    // The service's words exactly, "specifed" included: clients match on them (Python's SDKs do).
    private static final String CHARACTERS_MESSAGE = "The specifed resource name contains invalid characters.";
    private static final String LENGTH_MESSAGE =
            "The specified resource name length is not within the permissible limits.";

    private ContainerNames() {
    }

    /**
     * Returns {@code name}.
     *
     * @throws ServiceException 400 OutOfRangeInput for a length outside 3 to 63, 400
     *         InvalidResourceName for a character or shape the service refuses
     */
    public static String check(String name) {
        if (name.equals(ROOT) || name.equals(LOGS) || name.equals("$web")) {
            return name;
        }
        if (name.length() < 3 || name.length() > 63) {
            throw new ServiceException(CommonError.OUT_OF_RANGE_INPUT, LENGTH_MESSAGE);
        }
        boolean valid = isLetterOrDigit(name.charAt(0)) && name.charAt(name.length() - 1) != '-' && !name.contains("--");
        for (int i = 0; valid && i < name.length(); i++) {
            char c = name.charAt(i);
            valid = isLetterOrDigit(c) || c == '-';
        }
        if (!valid) {
            throw new ServiceException(CommonError.INVALID_RESOURCE_NAME, CHARACTERS_MESSAGE);
        }
        return name;
    }

    private static boolean isLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
