package io.cerulean.examples.denormalisation;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import io.cerulean.examples.denormalisation.Denormalisation.EmployeeAndManager;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the guide promises of denormalisation, through the example's own code. */
@CeruleanTest(shared = true)
class DenormalisationTest {
    @Test
    void anEmployeeAndTheirManagerAreOneReadAndANewManagerReachesEveryEmployee(
            @CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("DenormExample");
        Denormalisation example = new Denormalisation(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            names.add("Employee " + i);
        }
        example.staff("Sales", "Ann Hall", names);

        Traffic.Measured<Optional<EmployeeAndManager>> denormalised = traffic.measure(
                () -> example.employee("Sales", "000042"));
        Traffic.Measured<Optional<EmployeeAndManager>> normalised = traffic.measure(
                () -> example.employeeNormalised("Sales", "000042"));
        Traffic.Measured<Void> changed = traffic.measure(() -> {
            example.changeManager("Sales", "Don Jones");
            return null;
        });

        EmployeeAndManager expected = new EmployeeAndManager("000042", "Employee 42", "Ann Hall");
        assertThat(denormalised.value()).contains(expected);
        assertThat(normalised.value()).contains(expected);
        assertThat(denormalised.cost().requests()).isEqualTo(1);
        assertThat(denormalised.cost().queryClasses()).containsExactly("POINT");
        assertThat(normalised.cost().requests()).isEqualTo(2);
        assertThat(changed.cost().requests()).as("a partition query, then two transactions for 151 entities")
                .isEqualTo(3);
        assertThat(example.employee("Sales", "000149")).contains(new EmployeeAndManager("000149", "Employee 149",
                "Don Jones"));
        assertThat(example.employeeNormalised("Sales", "000000")).map(EmployeeAndManager::manager)
                .contains("Don Jones");
    }
}
