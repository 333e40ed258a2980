package io.cerulean.http.oauth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A JSON Web Token in the JWS compact serialisation (RFC 7515): {@code header.payload.signature},
 * each base64url. Parsing checks the form only; {@link SigningKey#verify} checks the signature.
 *
 * @param algorithm the header's {@code alg}, e.g. {@code RS256}
 * @param keyId     the header's {@code kid}, null when absent
 * @param signingInput the bytes that were signed: the first two parts and the dot between them
 */
public record SignedToken(String algorithm, String keyId, byte[] signingInput, byte[] payload, byte[] signature) {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /**
     * @throws InvalidTokenException saying what is malformed
     */
    public static SignedToken parse(String token) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw new InvalidTokenException("The bearer token is malformed: it is not a JSON Web Token "
                    + "(header.payload.signature).");
        }
        byte[] header = base64Url(parts[0], "header");
        String algorithm = null;
        String keyId = null;
        try (JsonParser parser = JSON.createParser(header)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw malformed("its header is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                String text = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                switch (name) {
                    case "alg" -> algorithm = text;
                    case "kid" -> keyId = text;
                    // RFC 7515 4.1.11: extensions a recipient must understand; Entra ID uses none.
                    case "crit" -> throw malformed("its header has critical extensions (crit) this server does not "
                            + "understand");
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw malformed("its header is not valid JSON");
        }
        if (algorithm == null) {
            throw malformed("its header has no alg");
        }
        return new SignedToken(algorithm, keyId,
                (parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII),
                base64Url(parts[1], "payload"), base64Url(parts[2], "signature"));
    }

    private static byte[] base64Url(String part, String which) {
        try {
            return Base64.getUrlDecoder().decode(part);
        } catch (IllegalArgumentException e) {
            throw malformed("its " + which + " is not base64url");
        }
    }

    private static InvalidTokenException malformed(String why) {
        return new InvalidTokenException("The bearer token is malformed: " + why + ".");
    }
}
