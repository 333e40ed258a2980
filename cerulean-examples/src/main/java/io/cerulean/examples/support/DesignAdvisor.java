package io.cerulean.examples.support;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.sas.TableAccountSasPermission;
import com.azure.data.tables.sas.TableAccountSasResourceType;
import com.azure.data.tables.sas.TableAccountSasService;
import com.azure.data.tables.sas.TableAccountSasSignatureValues;
import com.azure.json.JsonProviders;
import com.azure.json.JsonReader;
import com.azure.json.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What Cerulean's design advisor says of an account's tables: {@code GET /<account>/$advisor}, read
 * with an account SAS for the service with read permission, as any client holding one may. Azure
 * has no such endpoint: against Azure this answers an error.
 */
public final class DesignAdvisor {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private DesignAdvisor() {
    }

    /** One finding: where a table's design will not hold on Azure, and the guide's pattern that fixes it. */
    public record Finding(String table, String kind, String partitionKey, String evidence, String pattern) {
        @Override
        public String toString() {
            return kind + (partitionKey == null ? "" : " '" + partitionKey + "'") + " in " + table + ": " + evidence
                    + " Fix: " + pattern + ".";
        }
    }

    /** The findings in {@code table} of {@code service}'s account. */
    public static List<Finding> findings(TableServiceClient service, String table) {
        return findings(service).stream().filter(finding -> finding.table().equals(table)).toList();
    }

    /** The findings in every table of {@code service}'s account. */
    public static List<Finding> findings(TableServiceClient service) {
        String sas = service.generateAccountSas(new TableAccountSasSignatureValues(OffsetDateTime.now().plusMinutes(5),
                TableAccountSasPermission.parse("r"), TableAccountSasService.parse("t"),
                TableAccountSasResourceType.parse("s")));
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                    URI.create(service.getServiceEndpoint() + "/$advisor?" + sas)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET /$advisor answered " + response.statusCode() + ": "
                        + response.body());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<Finding> parse(String json) throws IOException {
        List<Finding> findings = new ArrayList<>();
        try (JsonReader reader = JsonProviders.createReader(json)) {
            reader.nextToken();
            while (reader.nextToken() == JsonToken.FIELD_NAME) {
                String field = reader.getFieldName();
                reader.nextToken();
                if (!field.equals("findings")) {
                    reader.skipChildren();
                    continue;
                }
                while (reader.nextToken() == JsonToken.START_OBJECT) {
                    Map<String, String> values = new HashMap<>();
                    while (reader.nextToken() == JsonToken.FIELD_NAME) {
                        String name = reader.getFieldName();
                        reader.nextToken();
                        values.put(name, reader.currentToken() == JsonToken.NULL ? null : reader.getString());
                    }
                    findings.add(new Finding(values.get("table"), values.get("kind"), values.get("partitionKey"),
                            values.get("evidence"), values.get("pattern")));
                }
            }
        }
        return findings;
    }
}
