package io.cerulean.table.rest.resource;

import io.cerulean.common.error.ServiceException;
import io.cerulean.http.message.PercentEncoding;

/**
 * Parses path-style Table service URLs: {@code /<account>[-secondary]/<resource>[/]}. The path is
 * percent-decoded once as UTF-8 ({@link PercentEncoding}), then the resource is matched; quotes
 * inside key literals are doubled ({@code 'O''Brien'}). One trailing slash names the same resource
 * (Azurite serves {@code /Tables/} and clients built against it send it).
 */
public final class PathParser {
    private static final String SECONDARY_SUFFIX = "-secondary";

    private PathParser() {
    }

    public static Resource parse(String rawPath) {
        return parse(rawPath, null);
    }

    /**
     * As {@link #parse(String)}, knowing the request's {@code restype}: on the secondary account,
     * {@code /<account>-secondary/<account>/?restype=service} is the service itself, where the Azure CLI
     * and the Python SDK ask for its stats.
     */
    public static Resource parse(String rawPath, String restype) {
        String path = PercentEncoding.decode(rawPath);
        if (!path.startsWith("/")) {
            throw invalidUri(rawPath);
        }
        int slash = path.indexOf('/', 1);
        String accountSegment = slash < 0 ? path.substring(1) : path.substring(1, slash);
        String resource = withoutTrailingSlash(slash < 0 ? "" : path.substring(slash + 1));
        boolean secondary = accountSegment.endsWith(SECONDARY_SUFFIX);
        String account = secondary
                ? accountSegment.substring(0, accountSegment.length() - SECONDARY_SUFFIX.length())
                : accountSegment;
        if (account.isEmpty()) {
            throw invalidUri(rawPath);
        }
        if (secondary && "service".equals(restype) && resource.equals(account)) {
            resource = "";
        }
        return resolve(account, secondary, resource, rawPath);
    }

    /**
     * A {@code $batch} sub-request's path, resolved against the batch's own account as the service
     * does: {@code /<account>/<resource>}, or a path without the account ({@code /<resource>}, as the
     * legacy Python SDK sends) or relative to the batch ({@code <resource>}). A path of two segments
     * names its account, which the caller holds to the batch's.
     */
    public static Resource parseWithin(String rawPath, String account) {
        String relative = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        String decoded = withoutTrailingSlash(PercentEncoding.decode(relative));
        if (decoded.indexOf('/') >= 0 || decoded.equals(account)) {
            return parse("/" + relative);
        }
        return resolve(account, false, decoded, rawPath);
    }

    private static String withoutTrailingSlash(String resource) {
        return resource.endsWith("/") ? resource.substring(0, resource.length() - 1) : resource;
    }

    private static Resource resolve(String account, boolean secondary, String resource, String rawPath) {
        if (resource.isEmpty()) {
            return new Resource(account, secondary, ResourceKind.SERVICE, null, null, null);
        }
        if (resource.equals("$batch")) {
            return new Resource(account, secondary, ResourceKind.BATCH, null, null, null);
        }
        if (resource.equals("$advisor")) {
            return new Resource(account, secondary, ResourceKind.ADVISOR, null, null, null);
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
