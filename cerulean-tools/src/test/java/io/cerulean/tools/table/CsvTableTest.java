package io.cerulean.tools.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CsvTableTest {
    @Provide
    Arbitrary<List<List<String>>> records() {
        return EntityArbitraries.strings().list().ofMinSize(1).ofMaxSize(5).list().ofMinSize(1).ofMaxSize(5);
    }

    @Property(tries = 500)
    void recordsReadBackAsWritten(@ForAll("records") List<List<String>> records) throws IOException {
        StringBuilder text = new StringBuilder();
        records.forEach(record -> Csv.appendRecord(text, record));
        Csv.Reader reader = new Csv.Reader(new StringReader(text.toString()));
        List<List<String>> read = new ArrayList<>();
        for (Csv.Record record = reader.next(); record != null; record = reader.next()) {
            assertThat(record.error()).isNull();
            read.add(record.fields());
        }
        assertThat(read).isEqualTo(records);
    }

    @Provide
    Arbitrary<List<TableEntity>> tables() {
        return EntityArbitraries.entities().list().ofMinSize(1).ofMaxSize(6);
    }

    @Property(tries = 300)
    void entitiesReadBackUnderTheirHeader(@ForAll("tables") List<TableEntity> entities) throws Exception {
        TreeSet<String> names = new TreeSet<>();
        entities.forEach(e -> e.getProperties().keySet().stream()
                .filter(n -> !n.equals("PartitionKey") && !n.equals("RowKey")).forEach(names::add));
        CsvTable table = new CsvTable(new ArrayList<>(names), false);
        StringBuilder text = new StringBuilder();
        Csv.appendRecord(text, table.header());
        entities.forEach(e -> Csv.appendRecord(text, table.record(e)));

        Csv.Reader reader = new Csv.Reader(new StringReader(text.toString()));
        CsvTable.Layout layout = new CsvTable.Layout(reader.next().fields());
        for (TableEntity entity : entities) {
            TableEntity read = layout.entity(reader.next().fields());
            assertThat(EntityArbitraries.comparable(read)).isEqualTo(EntityArbitraries.comparable(entity));
        }
        assertThat(reader.next()).isNull();
    }

    @Test
    void theHeaderPutsEachTypeColumnAfterItsProperty() {
        CsvTable table = new CsvTable(List.of("Age", "Name"), true);
        assertThat(table.header()).containsExactly("PartitionKey", "RowKey", "Timestamp", "Age", "Age@type", "Name", "Name@type");
        assertThat(table.record(new TableEntity("p", "r").addProperty("Name", "")))
                .containsExactly("p", "r", "", "", "", "", "Edm.String");
    }

    @Test
    void anUnclosedQuoteAndAShortRecordAreMalformed() throws Exception {
        Csv.Reader reader = new Csv.Reader(new StringReader("PartitionKey,RowKey,A,A@type\np,r\np,\"r,1,Edm.Int32\n"));
        CsvTable.Layout layout = new CsvTable.Layout(reader.next().fields());
        Csv.Record short_ = reader.next();
        assertThatThrownBy(() -> layout.entity(short_.fields())).hasMessageContaining("a record of 2 fields under a header of 4");
        Csv.Record open = reader.next();
        assertThat(open.line()).isEqualTo(3);
        assertThat(open.error()).contains("not closed");
    }

    @Test
    void aHeaderWithoutKeysIsRefused() {
        assertThatThrownBy(() -> new CsvTable.Layout(List.of("Name", "Name@type")))
                .hasMessageContaining("no PartitionKey and RowKey");
    }
}
