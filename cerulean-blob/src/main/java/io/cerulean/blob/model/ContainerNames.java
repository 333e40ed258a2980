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

    private ContainerNames() {
    }

    /**
     * Returns {@code name}.
     *
     * @throws ServiceException 400 OutOfRangeInput for a length outside 3 to 63, 400
     *         InvalidResourceName for a character or shape the service refuses
     */
    public static String check(String name) {
        if (name.equals(ROOT) || name.equals("$logs") || name.equals("$web")) {
            return name;
        }
        if (name.length() < 3 || name.length() > 63) {
            throw new ServiceException(CommonError.OUT_OF_RANGE_INPUT, CommonError.OUT_OF_RANGE_INPUT.message()
                    + " A container name is 3 to 63 characters long; '" + name + "' has " + name.length() + ".");
        }
        boolean valid = isLetterOrDigit(name.charAt(0)) && name.charAt(name.length() - 1) != '-' && !name.contains("--");
        for (int i = 0; valid && i < name.length(); i++) {
            char c = name.charAt(i);
            valid = isLetterOrDigit(c) || c == '-';
        }
        if (!valid) {
            throw new ServiceException(CommonError.INVALID_RESOURCE_NAME, CommonError.INVALID_RESOURCE_NAME.message()
                    + " A container name is lower-case letters, digits and single dashes, starting with a letter or"
                    + " digit: '" + name + "' is not.");
        }
        return name;
    }

    private static boolean isLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
