package io.cerulean.core.query;

import io.cerulean.core.error.ErrorCode;
import io.cerulean.core.error.TableServiceException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The opaque values of the continuation headers ({@code NextPartitionKey}, {@code NextRowKey},
 * {@code NextTableName}). Each names the next key to return, inclusive.
 *
 * <p>Format, pinned by tests because clients keep tokens: {@code 1!<length>!<payload>} where
 * payload is the key's UTF-8 bytes in unpadded URL-safe base64 and length is the payload's
 * length, the shape the service itself uses. Tokens are ASCII and URL-safe: the JavaScript SDK
 * decodes them byte-wise. Plain base64 of the key (another emulator's form) is accepted too.
 */
public final class ContinuationToken {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private ContinuationToken() {
    }

    public static String encode(String key) {
        String payload = ENCODER.encodeToString(key.getBytes(StandardCharsets.UTF_8));
        return "1!" + payload.length() + "!" + payload;
    }

    /**
     * The key a token names.
     *
     * @throws TableServiceException InvalidInput when the token is not one this server wrote
     */
    public static String decode(String token, String parameter) {
        return tryDecode(token).orElseThrow(() -> new TableServiceException(ErrorCode.INVALID_INPUT,
                "The continuation token in query parameter '" + parameter + "' is not valid."));
    }

    static Optional<String> tryDecode(String token) {
        try {
            if (token.startsWith("1!")) {
                int bang = token.indexOf('!', 2);
                if (bang < 0) {
                    return Optional.empty();
                }
                int length = Integer.parseInt(token.substring(2, bang));
                String payload = token.substring(bang + 1);
                if (payload.length() != length) {
                    return Optional.empty();
                }
                return Optional.of(new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
            }
            return Optional.of(new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
