package io.cerulean.server.routing;

import io.cerulean.common.error.CommonError;
import io.cerulean.core.error.TableServiceException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Parses path-style Table service URLs: {@code /<account>[-secondary]/<resource>}. The path is
 * percent-decoded once as UTF-8 ({@code +} stays a plus: this is a path, not a form), then the
 * resource is matched; quotes inside key literals are doubled ({@code 'O''Brien'}).
 */
public final class PathParser {
    private static final String SECONDARY_SUFFIX = "-secondary";

    private PathParser() {
    }

    public static Resource parse(String rawPath) {
        String path = percentDecode(rawPath);
        if (!path.startsWith("/")) {
            throw invalidUri(rawPath);
        }
        int slash = path.indexOf('/', 1);
        String accountSegment = slash < 0 ? path.substring(1) : path.substring(1, slash);
        String resource = slash < 0 ? "" : path.substring(slash + 1);
        boolean secondary = accountSegment.endsWith(SECONDARY_SUFFIX);
        String account = secondary
                ? accountSegment.substring(0, accountSegment.length() - SECONDARY_SUFFIX.length())
                : accountSegment;
        if (account.isEmpty()) {
            throw invalidUri(rawPath);
        }
        return resolve(account, secondary, resource, rawPath);
    }

    private static Resource resolve(String account, boolean secondary, String resource, String rawPath) {
        if (resource.isEmpty()) {
            return new Resource(account, secondary, ResourceKind.SERVICE, null, null, null);
        }
        if (resource.equals("$batch")) {
            return new Resource(account, secondary, ResourceKind.BATCH, null, null, null);
        }
        if (resource.equalsIgnoreCase("Tables") || resource.equalsIgnoreCase("Tables()")) {
            return new Resource(account, secondary, ResourceKind.TABLES, null, null, null);
        }
        int paren = resource.indexOf('(');
        if (resource.indexOf('/') >= 0) {
            throw invalidUri(rawPath);
        }
        if (paren < 0) {
            if (resource.indexOf(')') >= 0) {
                throw invalidUri(rawPath);
            }
            return new Resource(account, secondary, ResourceKind.ENTITY_SET, resource, null, null);
        }
        String name = resource.substring(0, paren);
        if (!resource.endsWith(")") || name.isEmpty()) {
            throw invalidUri(rawPath);
        }
        String arguments = resource.substring(paren + 1, resource.length() - 1);
        if (name.equalsIgnoreCase("Tables")) {
            KeyLiteralParser literal = new KeyLiteralParser(arguments, rawPath);
            String table = literal.quoted();
            literal.end();
            return new Resource(account, secondary, ResourceKind.TABLE, table, null, null);
        }
        if (arguments.isBlank()) {
            return new Resource(account, secondary, ResourceKind.ENTITY_SET, name, null, null);
        }
        String[] keys = new KeyLiteralParser(arguments, rawPath).entityKeys();
        return new Resource(account, secondary, ResourceKind.ENTITY, name, keys[0], keys[1]);
    }

    /** Percent-decodes {@code raw} as UTF-8; a malformed escape is an InvalidUri. */
    public static String percentDecode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    throw invalidUri(raw);
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw invalidUri(raw);
                }
                out.write((hi << 4) | lo);
                i += 2;
            } else if (c < 0x80) {
                out.write(c);
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static TableServiceException invalidUri(String rawPath) {
        return new TableServiceException(CommonError.INVALID_URI,
                "The requested URI does not represent any resource on the server: " + rawPath);
    }
}
