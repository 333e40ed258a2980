package io.cerulean.it.fuzz;

import io.cerulean.it.support.SignedHttp;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Makes requests to the Table service that are wrong in the ways clients get them wrong, and in
 * ways nobody would: URLs, query options, OData filters, SAS parameters, headers, entity JSON,
 * {@code $batch} bodies and XML, each built from a valid shape and then bent. Most are signed
 * correctly so that they get past authentication to the code that reads them. Deterministic for a
 * seed, so a failure can be replayed.
 */
final class RequestFuzzer {
    static final String ACCOUNT = "devstoreaccount1";

    /** Text that has broken parsers somewhere: quotes, escapes, controls, surrogates, separators. */
    private static final String[] NASTY = {"\u0000", "\u001c", "\r", "\n", "\t", " ", "'", "''", "\"", "%", "%zz",
            "%C0%AF", "%ED%A0%80", "%FF", "/", "\\", "?", "#", "&", "=", "+", "(", ")", ",", ":", ";", "\u00e9",
            "\uD83D\uDE00", "\uFFFF", "\uD800", "$", "..", "*", "<", ">", "{", "}", "[", "]", "@", "null", "-1",
            "\u202e", "\u00a0", "%00", "%0d%0a"};
    private static final String[] FILTER_TOKENS = {"PartitionKey", "RowKey", "Age", "Name", "Timestamp", "Big",
            "eq", "ne", "gt", "ge", "lt", "le", "and", "or", "not", "(", ")", "'p1'", "''", "'r1'", "42", "42L",
            "-1", "1.5", "1e308", "1e999", "true", "false", "null", "datetime'2020-01-01T00:00:00Z'", "datetime'bad'",
            "guid'00000000-0000-0000-0000-000000000000'", "guid'x'", "X'00ff'", "binary'zz'", "X'0'", "'unterminated",
            "9223372036854775808L", "2147483648", " ", "  ", "$filter", "eq eq", "'it''s'"};
    private static final String[] EDM_TYPES = {"Edm.Int32", "Edm.Int64", "Edm.Double", "Edm.DateTime", "Edm.Guid",
            "Edm.Binary", "Edm.Boolean", "Edm.String", "Edm.Bogus", "", "Edm.int32"};
    private static final String[] VERSIONS = {"2019-02-02", "2019-02-02", "2019-02-02", "2021-12-02", "2015-04-05",
            "2099-01-01", "invalid", "", "2019-2-2"};
    private static final String[] JSON_TYPES = {"application/json", "application/json;odata=nometadata",
            "application/json;odata=minimalmetadata", "application/json;odata=fullmetadata"};
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME;

    private final Random random;

    RequestFuzzer(long seed) {
        this.random = new Random(seed);
    }

    FuzzedRequest next() {
        return chance(50) ? oneFault() : manyFaults();
    }

    /** Anything may be wrong, several things at once: mostly caught by the first check that looks. */
    private FuzzedRequest manyFaults() {
        String method = pickWeighted(new String[] {"GET", "PUT", "POST", "DELETE", "MERGE", "PATCH", "HEAD", "OPTIONS",
                "get", "FOO"}, new int[] {25, 15, 22, 10, 10, 5, 3, 3, 1, 1});
        String path = account() + resource();
        String query = query();
        String target = path + (query.isEmpty() ? "" : "?" + query);
        boolean bodyUsual = method.equals("PUT") || method.equals("POST") || method.equals("MERGE")
                || method.equals("PATCH");
        byte[] body = chance(bodyUsual ? 80 : 8) ? body(path) : new byte[0];
        List<Map.Entry<String, String>> headers = headers(method, path, query, body.length > 0);
        return new FuzzedRequest(method, target, headers, body, chance(5));
    }

    /**
     * A request right in every way but one (its resource, its query or its body), signed and with
     * the headers the SDKs send, so that it gets past the early checks to the code behind them.
     */
    private FuzzedRequest oneFault() {
        int fault = random.nextInt(3);
        String resource = fault == 0 ? resource() : pick("/Tables", "/fuzz()", "/fuzz(PartitionKey='p1',RowKey='r1')",
                "/fuzz(PartitionKey='p3',RowKey='r" + random.nextInt(5) + "')", "/$batch", "/other()");
        String method = resource.equals("/$batch") ? "POST" : resource.equals("/Tables") || resource.endsWith("()")
                ? pick("GET", "POST") : pick("GET", "PUT", "MERGE", "DELETE");
        String query = fault == 1 ? query() : pick("", "$filter=Age%20eq%2042", "$top=5", "$select=Age");
        String path = "/" + ACCOUNT + resource;
        byte[] body = method.equals("GET") || method.equals("DELETE") ? new byte[0]
                : fault == 2 ? body(path) : validBody(resource).getBytes(StandardCharsets.UTF_8);
        String date = RFC_1123.format(ZonedDateTime.now(ZoneOffset.UTC));
        List<Map.Entry<String, String>> headers = new ArrayList<>(List.of(Map.entry("Host", "127.0.0.1"),
                Map.entry("x-ms-date", date), Map.entry("x-ms-version", "2019-02-02"),
                Map.entry("Accept", JSON_TYPES[2]), Map.entry("DataServiceVersion", "3.0;")));
        if (body.length > 0) {
            headers.add(Map.entry("Content-Type", resource.equals("/$batch") ? "multipart/mixed; boundary=batch_f"
                    : JSON_TYPES[0]));
        }
        if (method.equals("DELETE") || chance(20)) {
            headers.add(Map.entry("If-Match", "*"));
        }
        headers.add(Map.entry("Authorization", "SharedKeyLite " + ACCOUNT + ":" + sign(date, path, query)));
        headers.add(Map.entry("Connection", "close"));
        return new FuzzedRequest(method, path + (query.isEmpty() ? "" : "?" + query), headers, body, false);
    }

    private String validBody(String resource) {
        if (resource.equals("/Tables")) {
            return "{\"TableName\":\"t" + random.nextInt(100_000) + "\"}";
        }
        if (resource.equals("/$batch")) {
            return "--batch_f\r\nContent-Type: multipart/mixed; boundary=changeset_v\r\n\r\n--changeset_v\r\n"
                    + "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n"
                    + "POST http://127.0.0.1/" + ACCOUNT + "/fuzz HTTP/1.1\r\nContent-Type: application/json\r\n\r\n"
                    + "{\"PartitionKey\":\"p3\",\"RowKey\":\"b" + random.nextInt(1000) + "\",\"Age\":1}\r\n"
                    + "--changeset_v--\r\n--batch_f--\r\n";
        }
        return "{\"PartitionKey\":\"p3\",\"RowKey\":\"r" + random.nextInt(5) + "\",\"Age\":" + random.nextInt(50)
                + ",\"Name\":\"n\"}";
    }

    // ---------------------------------------------------------------- URL

    private String account() {
        return pickWeighted(new String[] {"/" + ACCOUNT, "/" + ACCOUNT + "-secondary", "/nosuchaccount", "",
                "/%64evstoreaccount1", "/" + encodePath(text()), "/DevStoreAccount1"}, new int[] {85, 3, 2, 3, 1, 4, 2});
    }

    private String resource() {
        String name = pick("fuzz", "other", "t" + random.nextInt(1000), "Tables", "fuzz", encodePath(text()));
        return switch (random.nextInt(20)) {
            case 0 -> "/Tables";
            case 1 -> "/Tables/";
            case 2 -> "/Tables('" + name + "')";
            case 3 -> "/Tables(" + encodePath(text()) + ")";
            case 4 -> "/" + name;
            case 5, 6 -> "/" + name + "()";
            case 7, 8, 9 -> "/fuzz(PartitionKey='" + key() + "',RowKey='" + key() + "')";
            case 10 -> "/" + name + "(PartitionKey='" + key() + "',RowKey='" + key() + "')";
            case 11 -> "/fuzz(" + encodePath(text()) + ")";
            case 12 -> "/fuzz(PartitionKey='p1',RowKey='r1')/" + encodePath(text());
            case 13, 14 -> "/$batch";
            case 15 -> "/";
            case 16 -> "";
            case 17 -> "/" + encodePath(text());
            case 18 -> "/fuzz(PartitionKey='p1'";
            default -> "/fuzz(PartitionKey=p1,RowKey=r1)";
        };
    }

    private String key() {
        return chance(50) ? pick("p1", "r1", "p2", "a", "") : encodePath(text()).replace("'", "''");
    }

    private String query() {
        List<String> params = new ArrayList<>();
        int count = random.nextInt(6);
        for (int i = 0; i < count; i++) {
            String name = pick("$filter", "$filter", "$top", "$select", "NextPartitionKey", "NextRowKey",
                    "NextTableName", "comp", "restype", "timeout", "$format", "sv", "sig", "se", "st", "sp", "tn",
                    "spk", "srk", "epk", "erk", "ss", "srt", "spr", "sip", "si", encodeQuery(text()));
            String value = switch (name) {
                case "$filter" -> filter();
                case "$top" -> pick("1", "0", "-1", "1000", "1001", "abc", "99999999999", "", "1.5");
                case "$select" -> pick("Age", "PartitionKey,RowKey", "*", "", "Age,,Name", "Timestamp", text());
                case "comp" -> pick("acl", "properties", "stats", "list", text());
                case "restype" -> pick("service", "table", text());
                case "$format" -> pick("json", "atom", "application/json;odata=nometadata", text());
                case "sv" -> pick(VERSIONS);
                case "sp" -> pick("raud", "r", "rwdlacu", "", text());
                case "se", "st" -> pick("2099-01-01T00:00:00Z", "2000-01-01", "x", text());
                default -> text();
            };
            params.add(name + "=" + (chance(75) ? encodeQuery(value) : value.replace(" ", "%20")));
            if (chance(5)) {
                params.add(params.get(params.size() - 1)); // a repeated parameter
            }
        }
        return String.join("&", params);
    }

    private String filter() {
        int shape = random.nextInt(10);
        if (shape == 0) {
            return pick("Age eq 42", "PartitionKey eq 'p1' and RowKey gt 'r'", "Name eq '\u001c'", "not (Age lt 3)");
        }
        if (shape == 1) {
            StringBuilder many = new StringBuilder("Age eq 0");
            for (int i = 1, n = 10 + random.nextInt(300); i < n; i++) {
                many.append(" or Age eq ").append(i);
            }
            return many.toString();
        }
        StringBuilder expr = new StringBuilder();
        for (int i = 0, n = 1 + random.nextInt(12); i < n; i++) {
            expr.append(chance(90) ? pick(FILTER_TOKENS) : "'" + text() + "'").append(chance(85) ? " " : "");
        }
        return expr.toString().trim();
    }

    // ---------------------------------------------------------------- headers

    private List<Map.Entry<String, String>> headers(String method, String path, String query, boolean hasBody) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        headers.add(Map.entry("Host", "127.0.0.1"));
        String date = chance(95) ? RFC_1123.format(ZonedDateTime.now(ZoneOffset.UTC)) : headerText();
        headers.add(Map.entry("x-ms-date", date));
        if (chance(95)) {
            headers.add(Map.entry("x-ms-version", chance(90) ? pick(VERSIONS) : headerText()));
        }
        if (chance(85)) {
            headers.add(Map.entry("Accept", pick(JSON_TYPES[0], JSON_TYPES[1], JSON_TYPES[2], JSON_TYPES[3],
                    "application/atom+xml", "*/*", "application/xml", headerText())));
        }
        if (hasBody && chance(90)) {
            headers.add(Map.entry("Content-Type", pick(JSON_TYPES[0], JSON_TYPES[1], JSON_TYPES[3],
                    "application/atom+xml", "text/plain", "multipart/mixed; boundary=batch_f", "application/xml",
                    "multipart/mixed", headerText())));
        }
        headers.add(Map.entry("DataServiceVersion", pick("3.0;", "3.0;", "1.0;", "9.0", headerText())));
        if (chance(20)) {
            headers.add(Map.entry("If-Match", pick("*", "W/\"datetime'2020-01-01T00%3A00%3A00Z'\"", "W/\"wrong\"",
                    "\"x\"", "W/", headerText())));
        }
        if (chance(10)) {
            headers.add(Map.entry("Prefer", pick("return-no-content", "return-content", headerText())));
        }
        if (chance(8)) {
            headers.add(Map.entry("X-HTTP-Method", pick("MERGE", "DELETE", "PUT", "GET", headerText())));
        }
        if (chance(8)) {
            headers.add(Map.entry("Origin", pick("http://example.com", headerText())));
            headers.add(Map.entry("Access-Control-Request-Method", pick("PUT", "GET", headerText())));
        }
        if (chance(3)) {
            headers.add(Map.entry("Content-MD5", headerText()));
        }
        int auth = random.nextInt(100);
        if (auth < 75) {
            headers.add(Map.entry("Authorization", "SharedKeyLite " + ACCOUNT + ":" + sign(date, path, query)));
        } else if (auth < 85) {
            headers.add(Map.entry("Authorization", "SharedKey " + ACCOUNT + ":" + headerText()));
        } else if (auth < 90) {
            headers.add(Map.entry("Authorization", "Bearer " + headerText()));
        } else if (auth < 95) {
            headers.add(Map.entry("Authorization", headerText()));
        }
        headers.add(Map.entry("Connection", "close"));
        return headers;
    }

    /** Shared Key Lite for the Table service: the date and the account's resource path, and comp if present. */
    private static String sign(String date, String path, String query) {
        String comp = null;
        for (String param : query.split("&")) {
            if (param.startsWith("comp=") && comp == null) {
                try {
                    comp = java.net.URLDecoder.decode(param.substring(5).replace("+", "%2B"), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) { // a malformed escape: the server will refuse it anyway
                    comp = param.substring(5);
                }
            }
        }
        String resource = "/" + ACCOUNT + path + (comp == null ? "" : "?comp=" + comp);
        return SignedHttp.devKeySignature(date + "\n" + resource);
    }

    // ---------------------------------------------------------------- bodies

    private byte[] body(String path) {
        String text = switch (random.nextInt(10)) {
            case 0, 1, 2, 3 -> entityJson();
            case 4 -> "{\"TableName\":\"" + pick("t" + random.nextInt(100_000), "fuzz", "ab", "1abc",
                    jsonText(text())) + "\"}";
            case 5, 6 -> batch();
            case 7 -> xml();
            default -> text();
        };
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return chance(30) ? mutate(bytes) : bytes;
    }

    private String entityJson() {
        StringBuilder json = new StringBuilder("{");
        if (chance(90)) {
            json.append("\"PartitionKey\":").append(chance(85) ? "\"" + pick("p1", "p2", jsonText(text())) + "\""
                    : pick("1", "null", "[]", "{}"));
        }
        if (chance(90)) {
            json.append(json.length() > 1 ? "," : "").append("\"RowKey\":")
                    .append(chance(85) ? "\"" + pick("r1", "r2", jsonText(text())) + "\"" : pick("2", "true"));
        }
        for (int i = 0, n = random.nextInt(7); i < n; i++) {
            String name = pick("Age", "Name", "Big", "Timestamp", "odata.etag", "Age@odata.type", "PartitionKey",
                    "PartitionKey@odata.type", "Orphan@odata.type", "", jsonText(text()));
            String value = pick("42", "-1", "1.5", "1e999", "\"" + jsonText(text()) + "\"", "true", "null", "[1,2]",
                    "{\"a\":1}", "\"" + pick(EDM_TYPES) + "\"", "\"2020-01-01T00:00:00Z\"", "\"AAE=\"",
                    "\"9223372036854775808\"", "12345678901234567890", "\"" + "x".repeat(70_000) + "\"");
            json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":").append(value);
            if (chance(40)) {
                json.append(",\"").append(name).append("@odata.type\":\"").append(pick(EDM_TYPES)).append('"');
            }
        }
        return json.append('}').toString();
    }

    private String batch() {
        String changeset = "changeset_" + random.nextInt(10);
        StringBuilder body = new StringBuilder();
        body.append("--batch_f\r\nContent-Type: multipart/mixed; boundary=").append(changeset).append("\r\n\r\n");
        for (int i = 0, n = 1 + random.nextInt(3); i < n; i++) {
            String method = pick("POST", "PUT", "MERGE", "DELETE", "GET", "PATCH", text());
            String url = pick("http://127.0.0.1/" + ACCOUNT + "/fuzz", "http://127.0.0.1/" + ACCOUNT
                    + "/fuzz(PartitionKey='p1',RowKey='r" + i + "')", "/fuzz", "fuzz(PartitionKey='p1',RowKey='x')",
                    "http://127.0.0.1/" + ACCOUNT + "/other(PartitionKey='p2',RowKey='r1')", text());
            body.append("--").append(changeset).append("\r\nContent-Type: application/http\r\n")
                    .append("Content-Transfer-Encoding: binary\r\n\r\n")
                    .append(method).append(' ').append(url).append(" HTTP/1.1\r\n")
                    .append("Accept: application/json;odata=minimalmetadata\r\n")
                    .append("Content-Type: application/json\r\n");
            if (chance(30)) {
                body.append("If-Match: ").append(pick("*", "W/\"wrong\"", text())).append("\r\n");
            }
            if (chance(10)) {
                body.append("X-HTTP-Method: ").append(pick("MERGE", "DELETE", text())).append("\r\n");
            }
            body.append("\r\n");
            if (!method.equals("DELETE") && !method.equals("GET")) {
                body.append(entityJson());
            }
            body.append("\r\n");
        }
        body.append("--").append(changeset).append("--\r\n--batch_f--\r\n");
        return body.toString();
    }

    private String xml() {
        return pick("<?xml version=\"1.0\" encoding=\"utf-8\"?><SignedIdentifiers><SignedIdentifier><Id>"
                        + xmlText(text()) + "</Id><AccessPolicy><Start>2020-01-01T00:00:00Z</Start><Expiry>"
                        + pick("2099-01-01T00:00:00Z", xmlText(text())) + "</Expiry><Permission>"
                        + pick("raud", xmlText(text())) + "</Permission></AccessPolicy></SignedIdentifier>"
                        + "</SignedIdentifiers>",
                "<?xml version=\"1.0\"?><StorageServiceProperties><Logging><Version>1.0</Version><Delete>"
                        + pick("true", "maybe") + "</Delete><Read>false</Read><Write>false</Write><RetentionPolicy>"
                        + "<Enabled>false</Enabled></RetentionPolicy></Logging><Cors><CorsRule><AllowedOrigins>"
                        + xmlText(text()) + "</AllowedOrigins><AllowedMethods>" + pick("GET", "FOO", "")
                        + "</AllowedMethods><MaxAgeInSeconds>" + pick("5", "-1", "x") + "</MaxAgeInSeconds>"
                        + "<ExposedHeaders></ExposedHeaders><AllowedHeaders></AllowedHeaders></CorsRule></Cors>"
                        + "</StorageServiceProperties>",
                "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>"
                        + "<SignedIdentifiers>&b;</SignedIdentifiers>",
                "<?xml version=\"1.0\"?><!DOCTYPE x SYSTEM \"file:///etc/passwd\"><SignedIdentifiers/>",
                "<SignedIdentifiers><SignedIdentifier>");
    }

    /** Cuts, repeats or corrupts bytes, including sequences that are not UTF-8. */
    private byte[] mutate(byte[] bytes) {
        if (bytes.length == 0) {
            return new byte[] {(byte) 0xC0, (byte) 0xAF};
        }
        return switch (random.nextInt(4)) {
            case 0 -> java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
            case 1 -> {
                byte[] copy = bytes.clone();
                for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
                    copy[random.nextInt(copy.length)] = (byte) pick(new int[] {0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xFF,
                            0x00, '"', '\\', '{', '}', '\r', '\n', '-'});
                }
                yield copy;
            }
            case 2 -> {
                int at = random.nextInt(bytes.length);
                byte[] inserted = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
                byte[] copy = new byte[bytes.length + inserted.length];
                System.arraycopy(bytes, 0, copy, 0, at);
                System.arraycopy(inserted, 0, copy, at, inserted.length);
                System.arraycopy(bytes, at, copy, at + inserted.length, bytes.length - at);
                yield copy;
            }
            default -> {
                byte[] copy = new byte[bytes.length * 2];
                System.arraycopy(bytes, 0, copy, 0, bytes.length);
                System.arraycopy(bytes, 0, copy, bytes.length, bytes.length);
                yield copy;
            }
        };
    }

    // ---------------------------------------------------------------- text

    /** A short string of letters and nasty pieces; now and then a long one. */
    private String text() {
        StringBuilder text = new StringBuilder();
        int pieces = chance(3) ? 200 + random.nextInt(2000) : random.nextInt(8);
        for (int i = 0; i < pieces; i++) {
            text.append(chance(50) ? pick(NASTY) : String.valueOf((char) ('a' + random.nextInt(26))));
        }
        return text.toString();
    }

    /** Text for a header value: anything but CR and LF, which would end the header (tested apart). */
    private String headerText() {
        String text = text().replace("\r", "").replace("\n", "");
        return chance(10) ? text + "\r\nX-Injected: 1" : text;
    }

    private String encodePath(String text) {
        return chance(80) ? URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20")
                : text.replace(" ", "%20").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static String encodeQuery(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String jsonText(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "\\r").replace("\n", "\\n")
                .replace("\t", "\\t").replace("\u0000", "\\u0000").replace("\u001c", "\\u001c");
    }

    private static String xmlText(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;");
    }

    // ---------------------------------------------------------------- choices

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }

    private int pick(int[] options) {
        return options[random.nextInt(options.length)];
    }

    private String pickWeighted(String[] options, int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int at = random.nextInt(total);
        for (int i = 0; i < options.length; i++) {
            at -= weights[i];
            if (at < 0) {
                return options[i];
            }
        }
        return options[options.length - 1];
    }
}
