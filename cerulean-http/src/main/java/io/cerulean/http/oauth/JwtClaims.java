package io.cerulean.http.oauth;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The claims of a JSON Web Token (RFC 7519) that a bearer token is judged by, read from its
 * payload: times in seconds since the epoch (null when absent), the issuer, the audiences
 * ({@code aud} may be one string or an array), and who it names: {@code oid}, the principal's
 * object id, and for an application {@code appid} (v1 tokens) or {@code azp} (v2); {@code tid}, the
 * tenant it belongs to.
 */
public record JwtClaims(Long notBefore, Long expires, Long issuedAt, String issuer, List<String> audiences,
                        String objectId, String appId, String authorizedParty, String tenantId) {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    public JwtClaims {
        audiences = List.copyOf(audiences);
    }

    /** The ids a role may be assigned to, most specific first: {@code oid}, {@code appid}, {@code azp}. */
    public List<String> principals() {
        List<String> ids = new ArrayList<>(3);
        for (String id : new String[] {objectId, appId, authorizedParty}) {
            if (id != null && !id.isEmpty()) {
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * Decodes a token's payload, a JSON object.
     *
     * @throws InvalidTokenException saying what is malformed; never quotes the token
     */
    public static JwtClaims decode(byte[] payload) {
        try {
            return read(payload);
        } catch (IllegalArgumentException e) {
            throw new InvalidTokenException("The bearer token is malformed: " + e.getMessage() + ".");
        }
    }

    private static JwtClaims read(byte[] payload) {
        Long notBefore = null;
        Long expires = null;
        Long issuedAt = null;
        String issuer = null;
        String objectId = null;
        String appId = null;
        String authorizedParty = null;
        String tenantId = null;
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
                    case "iss" -> issuer = string(parser, value);
                    case "oid" -> objectId = string(parser, value);
                    case "appid" -> appId = string(parser, value);
                    case "azp" -> authorizedParty = string(parser, value);
                    case "tid" -> tenantId = string(parser, value);
                    case "aud" -> audiences(parser, value, audiences);
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("its payload is not valid JSON");
        }
        return new JwtClaims(notBefore, expires, issuedAt, issuer, audiences, objectId, appId, authorizedParty,
                tenantId);
    }

    private static String string(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return null;
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
}
