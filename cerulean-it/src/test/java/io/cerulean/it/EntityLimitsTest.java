package io.cerulean.it;

import static io.cerulean.it.AzureErrors.assertSdkError;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.cerulean.it.support.SharedServers;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Data-model limits, checked through the SDK on insert, upsert and merge: each refusal has the
 * Azure code and leaves the stored entity as it was.
 */
class EntityLimitsTest {
    private static final SharedServers SERVERS = SharedServers.perClass();

    @AfterAll
    static void stopServers() {
        SERVERS.close();
    }

    private static TableEntity withProperties(String rk, int count) {
        TableEntity entity = new TableEntity("p", rk);
        for (int i = 0; i < count; i++) {
            entity.addProperty("P" + i, i);
        }
        return entity;
    }

    /** Each write of the bad entity fails with the code; a pre-existing entity "r" stays unchanged. */
    private static void assertRefusedEverywhere(ServerFixture fixture, Consumer<TableEntity> makeBad, String code) {
        TableClient table = SERVERS.newTable(fixture, "Limit");
        table.createEntity(new TableEntity("p", "r").addProperty("Keep", "me"));
        TableEntity newEntity = new TableEntity("p", "new");
        makeBad.accept(newEntity);
        assertSdkError(() -> table.createEntity(newEntity), 400, code);
        TableEntity existing = new TableEntity("p", "r");
        makeBad.accept(existing);
        assertSdkError(() -> table.upsertEntity(existing), 400, code);
        assertSdkError(() -> table.updateEntity(existing, TableEntityUpdateMode.REPLACE), 400, code);
        assertSdkError(() -> table.updateEntity(existing, TableEntityUpdateMode.MERGE), 400, code);
        assertThat(table.listEntities()).hasSize(1);
        assertThat(TestEntities.custom(table.getEntity("p", "r"))).containsOnlyKeys("Keep");
    }

    @ParameterizedTest
    @EachStore
    void entityWith252CustomPropertiesIsAccepted(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Props");
        table.createEntity(withProperties("r", 252));
        TableEntity got = table.getEntity("p", "r");
        assertThat(got.getProperties()).containsEntry("P251", 251);
        assertThat(TestEntities.custom(got)).hasSize(252);
    }

    @ParameterizedTest
    @EachStore
    void entityWith253CustomPropertiesIsRefusedWithTooManyProperties(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> {
            for (int i = 0; i < 253; i++) {
                e.addProperty("P" + i, i);
            }
        }, "TooManyProperties");
    }

    @ParameterizedTest
    @EachStore
    void mergeThatWouldExceed252PropertiesIsRefused(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "MergeProps");
        table.createEntity(withProperties("r", 200));
        TableEntity more = new TableEntity("p", "r");
        for (int i = 0; i < 53; i++) {
            more.addProperty("Q" + i, i);
        }
        assertSdkError(() -> table.updateEntity(more, TableEntityUpdateMode.MERGE), 400, "TooManyProperties");
        assertThat(table.getEntity("p", "r").getProperties()).doesNotContainKey("Q0");
    }

    @ParameterizedTest
    @EachStore
    void propertyNameStartingWithADigitIsInvalid(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> e.addProperty("1abc", 1), "PropertyNameInvalid");
    }

    @ParameterizedTest
    @EachStore
    void propertyNameWithADashIsInvalid(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> e.addProperty("a-b", 1), "PropertyNameInvalid");
    }

    @ParameterizedTest
    @EachStore
    void propertyNamesFollowingIdentifierRulesAreAccepted(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Names");
        String longest = "N".repeat(255);
        table.createEntity(new TableEntity("p", "r").addProperty("_under", 1).addProperty("Ünïcode", 2)
                .addProperty("a1_b2", 3).addProperty(longest, 4));
        assertThat(table.getEntity("p", "r").getProperties()).containsEntry("_under", 1).containsEntry("Ünïcode", 2)
                .containsEntry("a1_b2", 3).containsEntry(longest, 4);
    }

    @ParameterizedTest
    @EachStore
    void propertyNameOf256CharactersIsTooLong(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> e.addProperty("N".repeat(256), 1), "PropertyNameTooLong");
    }

    @ParameterizedTest
    @EachStore
    void stringLongerThan32KCharactersIsTooLarge(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> e.addProperty("S", "x".repeat(32 * 1024 + 1)), "PropertyValueTooLarge");
    }

    @ParameterizedTest
    @EachStore
    void stringOfNonAsciiCharactersIsMeasuredInUtf16Units(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "Utf16");
        String fits = "é".repeat(32 * 1024);
        table.createEntity(new TableEntity("p", "r").addProperty("S", fits));
        assertThat(table.getEntity("p", "r").getProperty("S")).isEqualTo(fits);
        String tooMany = "\uD83D\uDE00".repeat(16 * 1024) + "x";
        assertSdkError(() -> table.createEntity(new TableEntity("p", "r2").addProperty("S", tooMany)), 400,
                "PropertyValueTooLarge");
    }

    @ParameterizedTest
    @EachStore
    void binaryLongerThan64KiBIsTooLarge(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> e.addProperty("B", new byte[64 * 1024 + 1]), "PropertyValueTooLarge");
    }

    @ParameterizedTest
    @EachStore
    void entityLargerThan1MiBIsTooLarge(ServerFixture fixture) {
        assertRefusedEverywhere(fixture, e -> {
            for (int i = 0; i < 20; i++) {
                e.addProperty("S" + i, String.valueOf((char) ('a' + i)).repeat(30_000));
            }
        }, "EntityTooLarge");
    }

    @ParameterizedTest
    @EachStore
    void mergeThatMakesTheEntityLargerThan1MiBIsRefused(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "MergeBig");
        TableEntity half = new TableEntity("p", "r");
        for (int i = 0; i < 10; i++) {
            half.addProperty("A" + i, "a".repeat(30_000));
        }
        table.createEntity(half);
        TableEntity otherHalf = new TableEntity("p", "r");
        for (int i = 0; i < 10; i++) {
            otherHalf.addProperty("B" + i, "b".repeat(30_000));
        }
        assertSdkError(() -> table.updateEntity(otherHalf, TableEntityUpdateMode.MERGE), 400, "EntityTooLarge");
        assertThat(table.getEntity("p", "r").getProperties()).doesNotContainKey("B0");
    }

    @ParameterizedTest
    @EachStore
    void entityJustUnder1MiBIsAccepted(ServerFixture fixture) {
        TableClient table = SERVERS.newTable(fixture, "AlmostBig");
        TableEntity entity = new TableEntity("p", "r");
        for (int i = 0; i < 16; i++) {
            entity.addProperty("S" + i, "s".repeat(32_000));
        }
        table.createEntity(entity);
        assertThat(table.getEntity("p", "r").getProperties()).containsKey("S15");
    }
}
