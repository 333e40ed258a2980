package io.cerulean.queue.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * Queue names as the service takes them: 3 to 63 characters of lower-case letters, digits and '-',
 * starting and ending with a letter or digit, with no "--". A length outside 3..63 is
 * OutOfRangeInput; anything else wrong is InvalidResourceName (as the service and its emulator answer).
 */
public final class QueueNames {
    public static final int MIN_LENGTH = 3;
    public static final int MAX_LENGTH = 63;
    // The service's words exactly, "specifed" included: clients match on them.
    private static final String CHARACTERS_MESSAGE = "The specifed resource name contains invalid characters.";

    private QueueNames() {
    }

    /** Whether {@code name} is a valid queue name. */
    public static boolean isValid(String name) {
        return name.length() >= MIN_LENGTH && name.length() <= MAX_LENGTH && hasValidCharacters(name);
    }

    /** {@code name}, if it is a valid queue name. */
    public static String validate(String name) {
        if (name.length() < MIN_LENGTH || name.length() > MAX_LENGTH) {
            // The service's words exactly, as for the characters below.
            throw new ServiceException(CommonError.OUT_OF_RANGE_INPUT,
                    "The specified resource name length is not within the permissible limits.");
        }
        if (!hasValidCharacters(name)) {
            throw new ServiceException(CommonError.INVALID_RESOURCE_NAME, CHARACTERS_MESSAGE);
        }
        return name;
    }

    private static boolean hasValidCharacters(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letterOrDigit = c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
            boolean inner = i > 0 && i < name.length() - 1;
            if (!letterOrDigit && !(c == '-' && inner && name.charAt(i - 1) != '-')) {
                return false;
            }
        }
        return true;
    }
}
