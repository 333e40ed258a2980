package io.cerulean.blob.model;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * Blob names as the service accepts them: 1 to 1,024 characters, case-sensitive, '/' allowed
 * anywhere (it only means something to a listing's delimiter). U+0000 is refused: it cannot be
 * sent in a URL the SDKs build, and the store's partitions hold no zero byte.
 */
public final class BlobNames {
    public static final int MAX_LENGTH = 1024;

    private BlobNames() {
    }

    public static String check(String name) {
        if (name.isEmpty() || name.length() > MAX_LENGTH) {
            throw new ServiceException(CommonError.OUT_OF_RANGE_INPUT, CommonError.OUT_OF_RANGE_INPUT.message()
                    + " A blob name is 1 to " + MAX_LENGTH + " characters long; this one has " + name.length() + ".");
        }
        if (name.indexOf('\0') >= 0) {
            throw new ServiceException(CommonError.INVALID_RESOURCE_NAME, CommonError.INVALID_RESOURCE_NAME.message()
                    + " A blob name holds no U+0000.");
        }
        return name;
    }
}
