package io.cerulean.blob.model;

import io.cerulean.blob.error.BlobError;
import io.cerulean.common.error.ServiceException;
import java.util.Base64;
import java.util.Objects;

/**
 * A block's id as the client named it: Base64 text of at most 64 bytes. The text is what is kept
 * and compared (ids of one blob must all have the same encoded length), the decoded bytes only
 * checked.
 */
public record BlockId(String text) {
    public static final int MAX_DECODED_BYTES = 64;

    public BlockId {
        Objects.requireNonNull(text, "text");
    }

    /**
     * The id a request names.
     *
     * @throws ServiceException 400 InvalidBlockId when it is missing, not Base64 or longer than 64 bytes
     */
    public static BlockId parse(String text) {
        if (text == null || text.isEmpty()) {
            throw invalid("The block id is missing.");
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw invalid("The block id '" + text + "' is not Base64.");
        }
        if (decoded.length > MAX_DECODED_BYTES) {
            throw invalid("The block id decodes to " + decoded.length + " bytes; at most " + MAX_DECODED_BYTES
                    + " are allowed.");
        }
        return new BlockId(text);
    }

    private static ServiceException invalid(String why) {
        return new ServiceException(BlobError.INVALID_BLOCK_ID, BlobError.INVALID_BLOCK_ID.message() + " " + why);
    }

    /** How many bytes the id decodes to: the ids of a blob's staged blocks all decode to one length. */
    public int decodedLength() {
        return Base64.getDecoder().decode(text).length;
    }

    /** The id's text as UTF-8 bytes (ASCII: it is Base64). */
    public byte[] bytes() {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BlockId other && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

}
