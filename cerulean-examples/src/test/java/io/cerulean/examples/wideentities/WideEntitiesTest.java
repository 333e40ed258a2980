package io.cerulean.examples.wideentities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableServiceException;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the guide promises of wide entities, through the example's own code. */
@CeruleanTest(shared = true)
class WideEntitiesTest {
    private static Map<String, Integer> votes(int candidates, int seed) {
        Map<String, Integer> votes = new TreeMap<>();
        for (int candidate = 0; candidate < candidates; candidate++) {
            votes.put(String.format("Candidate%03d", candidate), (candidate * seed) % 101);
        }
        return votes;
    }

    @Test
    void aRecordOfSixHundredPropertiesIsWrittenByOneTransactionAndReadByOneRangeQuery(
            @CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("WideExample");
        WideEntities example = new WideEntities(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        example.write("North", "precinct41", votes(10, 3));

        Traffic.Measured<Void> written = traffic.measure(() -> {
            example.write("North", "precinct42", votes(600, 7));
            return null;
        });
        Traffic.Measured<Map<String, Integer>> read = traffic.measure(() -> example.read("North", "precinct42"));

        assertThat(read.value()).isEqualTo(votes(600, 7));
        assertThat(written.cost().requests()).as("three entities, one transaction").isEqualTo(1);
        assertThat(read.cost().requests()).isEqualTo(1);
        assertThat(read.cost().queryClasses()).containsExactly("RANGE");
        assertThat(read.cost().entitiesRead()).as("the record's three parts, not its neighbour").isEqualTo(3);
    }

    @Test
    void oneEntityHoldsNoMoreThanTwoHundredFiftyTwoProperties(@CeruleanConnectionString String cs) {
        TableClient table = Clients.tables(cs, new Traffic()).createTableIfNotExists("WideLimit");
        TableEntity tooWide = new TableEntity("North", "one");
        votes(WideEntities.MAX_PROPERTIES + 1, 1).forEach(tooWide::addProperty);

        assertThatThrownBy(() -> table.createEntity(tooWide)).isInstanceOfSatisfying(TableServiceException.class,
                e -> assertThat(e.getValue().getErrorCode().toString()).isEqualTo("TooManyProperties"));
    }
}
