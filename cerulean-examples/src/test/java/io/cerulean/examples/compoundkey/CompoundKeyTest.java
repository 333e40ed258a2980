package io.cerulean.examples.compoundkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableTransactionFailedException;
import io.cerulean.examples.compoundkey.CompoundKey.Review;
import io.cerulean.examples.support.Clients;
import io.cerulean.examples.support.Traffic;
import io.cerulean.junit5.CeruleanConnectionString;
import io.cerulean.junit5.CeruleanTest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the guide promises of the compound key, through the example's own code. */
@CeruleanTest(shared = true)
class CompoundKeyTest {
    @Test
    void aReviewIsOnePointQueryAndAllOfAnEmployeesReviewsOneRangeThatReadsNoOtherEmployee(
            @CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("CompoundKeyExample");
        CompoundKey example = new CompoundKey(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        // 1230 and 1231 would sort between 123 and 124 if the ids were not padded to one width.
        for (int id : new int[] {122, 123, 124, 1230, 1231}) {
            example.hire("Sales", id, "Employee " + id);
            for (int year = 2010; year <= 2012; year++) {
                example.review("Sales", id, year, id % 5, year % 5, id + " in " + year);
            }
        }
        example.hire("Marketing", 123, "Another 123");
        example.review("Marketing", 123, 2012, 1, 1, "another department");

        Traffic.Measured<Optional<Review>> one = traffic.measure(() -> example.reviewFor("Sales", 123, 2012));
        Traffic.Measured<List<Review>> all = traffic.measure(() -> example.reviewsOf("Sales", 123));

        assertThat(one.value()).contains(new Review("000123", 2012, 3, 2, "123 in 2012"));
        assertThat(one.cost().requests()).isEqualTo(1);
        assertThat(one.cost().queryClasses()).containsExactly("POINT");
        assertThat(one.cost().entitiesRead()).isEqualTo(1);
        assertThat(all.value()).extracting(Review::year).containsExactly(2010, 2011, 2012);
        assertThat(all.value()).extracting(Review::comments).containsExactly("123 in 2010", "123 in 2011",
                "123 in 2012");
        assertThat(all.cost().requests()).isEqualTo(1);
        assertThat(all.cost().queryClasses()).containsExactly("RANGE");
        assertThat(all.cost().entitiesRead()).as("the employee and their three reviews, nothing else").isEqualTo(4);
        assertThat(all.cost().entitiesReturned()).isEqualTo(4);
    }

    @Test
    void aReviewAndTheEmployeesLatestRatingAreWrittenByOneTransaction(@CeruleanConnectionString String cs) {
        Traffic traffic = new Traffic();
        TableClient table = Clients.tables(cs, traffic).createTableIfNotExists("CompoundKeyWrites");
        CompoundKey example = new CompoundKey(table, traffic, new PrintStream(OutputStream.nullOutputStream()));
        example.hire("Sales", 7, "Ann Hall");

        Traffic.Measured<Void> reviewed = traffic.measure(() -> {
            example.review("Sales", 7, 2012, 4, 5, "good");
            return null;
        });

        assertThat(reviewed.cost().requests()).isEqualTo(1);
        assertThat(table.getEntity("Sales", CompoundKey.employeeKey(7)).getProperty("LatestRating")).isEqualTo(4);
        assertThat(CompoundKey.reviewKey(7, 2012)).isEqualTo("empid_000007_2012");

        assertThatThrownBy(() -> example.review("Sales", 7, 2012, 1, 1, "again"))
                .as("a second review of 2012 fails the transaction")
                .isInstanceOf(TableTransactionFailedException.class);
        assertThat(table.getEntity("Sales", CompoundKey.employeeKey(7)).getProperty("LatestRating"))
                .as("and the rating stays as it was").isEqualTo(4);
    }
}
