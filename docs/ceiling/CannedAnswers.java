import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Records the answers nginx.conf serves: one of each kind the workloads of the shared harness
 * (../shared/bench) get, taken from a real server holding the harness's big table (10 partitions
 * b000..b009 of 10,000 entities, left in place by the harness's --keep).
 *
 * <pre>java CannedAnswers.java ENDPOINT TABLE DIR [ACCOUNT KEY]</pre>
 *
 * Writes DIR/html/{entity,w4,w5,w6,w8}.json, DIR/html/batch.txt and DIR/batch-type.conf. The
 * batch inserts 100 entities into a new partition of TABLE, with keys as long as the harness's, so
 * that its answer is as long as the ones the harness gets.
 */
public final class CannedAnswers {
    private static final String DEVELOPMENT_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final DateTimeFormatter RFC_1123 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI endpoint;
    private final String account;
    private final byte[] key;

    private CannedAnswers(URI endpoint, String account, byte[] key) {
        this.endpoint = endpoint;
        this.account = account;
        this.key = key;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 && args.length != 5) {
            System.err.println("usage: java CannedAnswers.java ENDPOINT TABLE DIR [ACCOUNT KEY]");
            System.exit(2);
        }
        URI endpoint = URI.create(args[0].replaceAll("/+$", ""));
        String table = args[1];
        Path html = Path.of(args[2], "html");
        Files.createDirectories(html);
        String account = args.length == 5 ? args[3] : "devstoreaccount1";
        byte[] key = Base64.getDecoder().decode(args.length == 5 ? args[4] : DEVELOPMENT_KEY);
        CannedAnswers canned = new CannedAnswers(endpoint, account, key);

        canned.save(html.resolve("entity.json"), 1, "/" + table + "(PartitionKey='b003',RowKey='r0001000')", null);
        canned.save(html.resolve("w4.json"), 100, "/" + table + "()",
                "$filter=" + encode("PartitionKey eq 'b003' and RowKey ge 'r0001000' and RowKey lt 'r0001100'"));
        canned.save(html.resolve("w5.json"), 1000, "/" + table + "()",
                "$filter=" + encode("PartitionKey eq 'b003' and Age gt 30"));
        canned.save(html.resolve("w6.json"), 1000, "/" + table + "()", "$filter=" + encode("Age eq 42"));
        canned.save(html.resolve("w8.json"), 1000, "/" + table + "()", "$top=1000");

        HttpResponse<byte[]> batch = canned.batchOf100(table);
        Files.write(html.resolve("batch.txt"), batch.body());
        String type = batch.headers().firstValue("Content-Type").orElseThrow();
        Files.writeString(Path.of(args[2], "batch-type.conf"), "default_type \"" + type + "\";\n");
        System.out.println("batch.txt " + batch.body().length + " bytes, " + type);
    }

    /** Saves one answer, after checking it holds as many entities as the harness's would. */
    private void save(Path file, int entities, String path, String query) throws Exception {
        HttpResponse<byte[]> response = send("GET", path, query, null, null);
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " -> " + response.statusCode());
        }
        int found = count(new String(response.body(), StandardCharsets.UTF_8), "\"RowKey\":");
        if (found != entities) {
            throw new IllegalStateException("GET " + path + " held " + found + " entities, not " + entities
                    + ": is TABLE the harness's fully loaded big table?");
        }
        Files.write(file, response.body());
        System.out.println(file.getFileName() + " " + response.body().length + " bytes, " + found + " entities");
    }

    private HttpResponse<byte[]> batchOf100(String table) throws Exception {
        String partition = "c" + UUID.randomUUID().toString().substring(0, 3);
        String batch = "batch_" + UUID.randomUUID();
        String changeset = "changeset_" + UUID.randomUUID();
        StringBuilder body = new StringBuilder();
        body.append("--").append(batch).append("\r\n")
                .append("Content-Type: multipart/mixed; boundary=").append(changeset).append("\r\n\r\n");
        for (int i = 0; i < 100; i++) {
            body.append("--").append(changeset).append("\r\n")
                    .append("Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n")
                    .append("POST ").append(endpoint).append('/').append(table).append(" HTTP/1.1\r\n")
                    .append("Content-Type: application/json\r\nPrefer: return-no-content\r\n\r\n")
                    .append("{\"PartitionKey\":\"").append(partition).append("\",\"RowKey\":\"")
                    .append(String.format(Locale.ROOT, "r%07d", i))
                    .append("\",\"Text\":\"").append("x".repeat(800)).append("\"}\r\n");
        }
        body.append("--").append(changeset).append("--\r\n--").append(batch).append("--\r\n");
        HttpResponse<byte[]> response = send("POST", "/$batch", null,
                "multipart/mixed; boundary=" + batch, body.toString().getBytes(StandardCharsets.UTF_8));
        String answer = new String(response.body(), StandardCharsets.UTF_8);
        int inserted = count(answer, "HTTP/1.1 204") + count(answer, "HTTP/1.1 201");
        if (response.statusCode() != 202 || inserted != 100) {
            throw new IllegalStateException(
                    "POST $batch -> " + response.statusCode() + ", " + inserted + " of 100 inserted");
        }
        return response;
    }

    /** A request signed with Shared Key Lite: the date and the canonicalized resource. */
    private HttpResponse<byte[]> send(String method, String path, String query, String contentType, byte[] body)
            throws Exception {
        String date = RFC_1123.format(ZonedDateTime.now(ZoneOffset.UTC));
        String rawPath = endpoint.getRawPath() + path.replace("'", "%27");
        String resource = "/" + account + rawPath;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        String signature = Base64.getEncoder()
                .encodeToString(mac.doFinal((date + "\n" + resource).getBytes(StandardCharsets.UTF_8)));
        URI target = endpoint.resolve(rawPath + (query == null ? "" : "?" + query));
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
                .header("x-ms-date", date)
                .header("x-ms-version", "2019-02-02")
                .header("Accept", "application/json;odata=nometadata")
                .header("DataServiceVersion", "3.0")
                .header("Authorization", "SharedKeyLite " + account + ":" + signature);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            n++;
        }
        return n;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
