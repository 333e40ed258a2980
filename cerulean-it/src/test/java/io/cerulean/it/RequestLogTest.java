package io.cerulean.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaders;
import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableClientBuilder;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.sas.TableSasPermission;
import com.azure.data.tables.sas.TableSasSignatureValues;
import io.cerulean.app.Cerulean;
import io.cerulean.http.requestlog.RequestLog;
import io.cerulean.http.requestlog.RequestLogFormat;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The request log as an operator reads it: a line for every answer, found by its x-ms-request-id. */
class RequestLogTest {
    @TempDir
    Path temp;

    @Test
    void everyAnswerHasALineWithItsRequestIdStatusAndErrorCodeButNoSasSignature() throws IOException {
        Path file = temp.resolve("requests.jsonl");
        String created;
        String notFound;
        String sasRead;
        String signature;
        try (Cerulean cerulean = Cerulean.builder().inMemory().port(0)
                .requestLog(RequestLog.file(file, RequestLogFormat.JSON)).start()) {
            TableServiceClient service = new TableServiceClientBuilder()
                    .connectionString(cerulean.connectionString()).buildClient();
            created = requestId(service.createTableWithResponse("logged", null, Context.NONE).getHeaders());
            TableClient table = service.getTableClient("logged");
            table.createEntity(new TableEntity("p", "r"));
            try {
                table.getEntity("p", "missing");
                throw new AssertionError("expected 404");
            } catch (TableServiceException e) {
                notFound = requestId(e.getResponse().getHeaders());
            }
            String sas = table.generateSas(new TableSasSignatureValues(OffsetDateTime.now().plusHours(1),
                    TableSasPermission.parse("r")));
            Matcher sig = Pattern.compile("(?:^|&)sig=([^&]+)").matcher(sas);
            assertThat(sig.find()).as("the SAS has a signature: %s", sas).isTrue();
            signature = sig.group(1);
            TableClient withSas = new TableClientBuilder().endpoint(cerulean.endpoint("devstoreaccount1"))
                    .tableName("logged").sasToken(sas).buildClient();
            Response<TableEntity> read = withSas.getEntityWithResponse("p", "r", null, null, Context.NONE);
            sasRead = requestId(read.getHeaders());
        }

        String log = Files.readString(file);
        List<String> lines = log.lines().toList();
        assertThat(lineOf(lines, created)).contains("\"method\":\"POST\"", "\"path\":\"/devstoreaccount1/Tables\"",
                "\"status\":204").doesNotContain("errorCode");
        assertThat(lineOf(lines, notFound)).contains("\"method\":\"GET\"", "\"status\":404",
                "\"errorCode\":\"ResourceNotFound\"");
        assertThat(lineOf(lines, sasRead)).contains("\"status\":200", "sig=REDACTED", "sp=r");
        assertThat(log).as("the SAS signature, in any form")
                .doesNotContain(signature).doesNotContain(URLDecoder.decode(signature, StandardCharsets.UTF_8));
        assertThat(lines).allSatisfy(line -> assertThat(line).startsWith("{\"time\":\"").contains("\"durationMs\":"));
    }

    private static String requestId(HttpHeaders headers) {
        String id = headers.getValue("x-ms-request-id");
        assertThat(id).isNotBlank();
        return id;
    }

    private static String lineOf(List<String> lines, String requestId) {
        List<String> found = lines.stream().filter(line -> line.contains("\"requestId\":\"" + requestId + "\"")).toList();
        assertThat(found).as("lines with request id %s in %s", requestId, lines).hasSize(1);
        return found.get(0);
    }
}
