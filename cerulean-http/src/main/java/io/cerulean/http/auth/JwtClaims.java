package io.cerulean.http.auth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The claims of a JSON Web Token (RFC 7519) that a bearer token is judged by, read from its
 * payload without checking the signature: times in seconds since the epoch (null when absent),
 * the issuer, and the audiences ({@code aud} may be one string or an array).
 */
record JwtClaims(Long notBefore, Long expires, Long issuedAt, String issuer, List<String> audiences) {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    JwtClaims {
        audiences = List.copyOf(audiences);
    }

    /**
     * Decodes {@code header.payload.signature} (base64url, padding optional).
     *
     * @throws IllegalArgumentException saying what is malformed; never quotes the token
     */
    static JwtClaims decode(String token) {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("it is not a JSON Web Token (header.payload.signature)");
        }
        requireObject(base64Url(parts[0], "header"), "header");
        byte[] payload = base64Url(parts[1], "payload");
        Long notBefore = null;
        Long expires = null;
        Long issuedAt = null;
        String issuer = null;
        List<String> audiences = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(payload)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("its payload is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "nbf" -> notBefore = seconds(parser, value, name);
                    case "exp" -> expires = seconds(parser, value, name);
                    case "iat" -> issuedAt = seconds(parser, value, name);
                    case "iss" -> issuer = value == JsonToken.VALUE_STRING ? parser.getText() : null;
                    case "aud" -> audiences(parser, value, audiences);
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("its payload is not valid JSON");
        }
        return new JwtClaims(notBefore, expires, issuedAt, issuer, audiences);
    }

    private static Long seconds(JsonParser parser, JsonToken value, String claim) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
            return (long) Math.floor(parser.getDoubleValue());
        }
        parser.skipChildren();
        throw new IllegalArgumentException("its '" + claim + "' claim is not a number of seconds");
    }

    private static void audiences(JsonParser parser, JsonToken value, List<String> into) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            into.add(parser.getText());
        } else if (value == JsonToken.START_ARRAY) {
            for (JsonToken item; (item = parser.nextToken()) != JsonToken.END_ARRAY; ) {
                if (item == JsonToken.VALUE_STRING) {
                    into.add(parser.getText());
                } else {
                    parser.skipChildren();
                }
            }
        } else {
            parser.skipChildren();
        }
    }

    private static byte[] base64Url(String part, String which) {
        try {
            return Base64.getUrlDecoder().decode(part);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("its " + which + " is not base64url");
        }
    }

    private static void requireObject(byte[] json, String which) {
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("its " + which + " is not a JSON object");
            }
            parser.skipChildren();
        } catch (IOException e) {
            throw new IllegalArgumentException("its " + which + " is not valid JSON");
        }
    }
}
