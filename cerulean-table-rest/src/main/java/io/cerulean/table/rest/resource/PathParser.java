package io.cerulean.table.rest.resource;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.PercentEncoding;

/**
 * Parses path-style Table service URLs: {@code /<account>[-secondary]/<resource>}. The path is
 * percent-decoded once as UTF-8 ({@link PercentEncoding}), then the resource is matched; quotes
 * inside key literals are doubled ({@code 'O''Brien'}).
 */
public final class PathParser {
    private static final String SECONDARY_SUFFIX = "-secondary";

    private PathParser() {
    }

    public static Resource parse(String rawPath) {
        String path = PercentEncoding.decode(rawPath);
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

    static ServiceException invalidUri(String rawPath) {
        return PercentEncoding.invalidUri(rawPath);
    }
}
