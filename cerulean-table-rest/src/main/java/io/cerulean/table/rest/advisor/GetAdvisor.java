package io.cerulean.table.rest.advisor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.cerulean.http.message.AzureResponse;
import io.cerulean.table.advisor.Advisor;
import io.cerulean.table.advisor.Finding;
import io.cerulean.table.advisor.PartitionHeat;
import io.cerulean.table.rest.operations.RequestContext;
import io.cerulean.table.rest.operations.TableOperation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The design advisor's findings for the account the URL names, {@code GET /<account>/$advisor}:
 * {@code {"findings": [{"table", "kind", "partitionKey", "evidence", "pattern"}, ...]}}, by table
 * then kind, and {@code "partitions": [{"table", "partitionKey", "entitiesPerSecond", "bytes", "entities"}, ...]},
 * every partition tracked, by table then PartitionKey (what the console's heat map draws); {@code "advisor": "off"} beside an empty list when the advisor is off. Authorised as
 * Get Table Service Properties.
 */
public final class GetAdvisor implements TableOperation {
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public AzureResponse handle(RequestContext context) {
        Advisor advisor = context.advisor();
        List<Finding> findings = advisor.findings(context.account());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(body)) {
            json.writeStartObject();
            if (!advisor.enabled()) {
                json.writeStringField("advisor", "off");
            }
            json.writeArrayFieldStart("findings");
            for (Finding finding : findings) {
                json.writeStartObject();
                json.writeStringField("table", finding.table());
                json.writeStringField("kind", finding.kind().wireName());
                json.writeStringField("partitionKey", finding.partitionKey());
                json.writeStringField("evidence", finding.evidence());
                json.writeStringField("pattern", finding.pattern());
                json.writeEndObject();
            }
            json.writeEndArray();
            // What a heat map draws: every partition tracked, by rate and by size.
            json.writeArrayFieldStart("partitions");
            for (PartitionHeat partition : advisor.heat(context.account())) {
                json.writeStartObject();
                json.writeStringField("table", partition.table());
                json.writeStringField("partitionKey", partition.partitionKey());
                json.writeNumberField("entitiesPerSecond", Math.round(partition.entitiesPerSecond() * 1000) / 1000.0);
                json.writeNumberField("bytes", partition.bytes());
                json.writeNumberField("entities", partition.entities());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return AzureResponse.status(200).body("application/json;charset=utf-8", body.toByteArray());
    }
}
