package io.cerulean.table.query;

import io.cerulean.common.error.CommonError;
import io.cerulean.table.error.TableServiceException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The opaque values of the continuation headers ({@code NextPartitionKey}, {@code NextRowKey},
 * {@code NextTableName}). Each names the next key to return, inclusive.
 *
 * <p>Format, pinned by tests because clients keep tokens: {@code 2!<length>!<payload>}, where
 * payload is the key's UTF-8 bytes in unpadded URL-safe base64 and length is the payload's
 * length. Tokens are ASCII (the JavaScript SDK decodes them byte-wise) and need no escaping in a
 * URL. Also read: the service's own shape, {@code 1!<length>!<base64 with '=' written as '-'>},
 * and plain base64 of the key (another emulator's form). In those, a {@code +} that reached us
 * as a space (a client that did not encode the query) is read back as {@code +}.
 */
public final class ContinuationToken {

    private ContinuationToken() {
    }

    public static String encode(String key) {
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(key.getBytes(StandardCharsets.UTF_8));
        return "2!" + payload.length() + "!" + payload;
    }

    /**
     * The key a token names.
     *
     * @throws TableServiceException InvalidInput when the token is not one this server wrote
     */
    public static String decode(String token, String parameter) {
        return tryDecode(token).orElseThrow(() -> new TableServiceException(CommonError.INVALID_INPUT,
                "The continuation token in query parameter '" + parameter + "' is not valid."));
    }

    private static String base64(String text) {
        return new String(Base64.getDecoder().decode(text.replace(' ', '+')), StandardCharsets.UTF_8);
    }

    static Optional<String> tryDecode(String token) {
        try {
            if (token.startsWith("2!") || token.startsWith("1!")) {
                int bang = token.indexOf('!', 2);
                if (bang < 0) {
                    return Optional.empty();
                }
                int length = Integer.parseInt(token.substring(2, bang));
                String payload = token.substring(bang + 1);
                if (payload.length() != length) {
                    return Optional.empty();
                }
                return Optional.of(token.charAt(0) == '2'
                        ? new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8)
                        : base64(payload.replace('-', '=')));
            }
            return Optional.of(base64(token));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
