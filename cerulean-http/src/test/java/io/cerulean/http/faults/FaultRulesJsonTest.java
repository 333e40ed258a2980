package io.cerulean.http.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultRulesJsonTest {
    @Test
    void readsEveryMemberOfARule() {
        List<FaultRule> rules = FaultRulesJson.parse("""
                {"rules": [{"name": "busy orders", "fault": "ServerBusy", "when": "after", "account": "acct",
                  "services": ["table", "Queue"], "operations": "InsertEntity", "resource": "orders",
                  "every": 3, "limit": 2, "delayMs": 250}]}
                """);
        assertThat(rules).containsExactly(new FaultRule("busy orders", FaultKind.SERVER_BUSY, true, "acct",
                Set.of("table", "queue"), Set.of("InsertEntity"), "orders", 3, 1.0, OptionalLong.empty(), 2, 250));
    }

    @Test
    void leavesOutWhatARuleDoesNotSayAndNamesItByItsPlace() {
        List<FaultRule> rules = FaultRulesJson.parse("""
                [{"fault": "Drop"}, {"fault": "internalerror", "probability": 0.25, "seed": 7}]
                """);
        assertThat(rules.get(0)).isEqualTo(new FaultRule("rule 1", FaultKind.DROP, false, null, Set.of(), Set.of(),
                null, 0, 1.0, OptionalLong.empty(), 0, 0));
        assertThat(rules.get(1).name()).isEqualTo("rule 2");
        assertThat(rules.get(1).fault()).isEqualTo(FaultKind.INTERNAL_ERROR);
        assertThat(rules.get(1).probability()).isEqualTo(0.25);
        assertThat(rules.get(1).seed()).hasValue(7);
    }

    @Test
    void sayWhatIsWrongAndInWhichRule() {
        assertThatThrownBy(() -> FaultRulesJson.parse("{\"rules\": [{\"fault\": \"Drop\"}, {\"fualt\": \"Drop\"}]}"))
                .hasMessage("rule 2: unknown member \"fualt\"");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Slow\"}]"))
                .hasMessageContaining("\"fault\" is one of InternalError, ServerBusy, OperationTimedOut, Drop");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Drop\", \"every\": 2, \"probability\": 0.5}]"))
                .hasMessageContaining("not both");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Drop\", \"probability\": 1.5}]"))
                .hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Drop\", \"services\": [\"file\"]}]"))
                .hasMessageContaining("table, queue or blob");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Drop\", \"delayMs\": -1}]"))
                .hasMessageContaining("\"delayMs\"");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"when\": \"before\"}]"))
                .hasMessage("rule 1: \"fault\" is required");
        assertThatThrownBy(() -> FaultRulesJson.parse("[{\"fault\": \"Drop\"")).hasMessageStartingWith("not valid JSON");
        assertThatThrownBy(() -> FaultRulesJson.parse("{\"rulez\": []}")).hasMessageContaining("expected");
        assertThatThrownBy(() -> FaultRulesJson.parse("[] []")).hasMessageContaining("nothing after");
    }

    @Test
    void writesTheRulesWithWhatEachDidSoThatTheyReadBackTheSame() {
        List<FaultRule> rules = FaultRulesJson.parse("""
                [{"name": "a", "fault": "OperationTimedOut", "services": "blob", "resource": "c", "every": 2,
                  "delayMs": 10},
                 {"name": "b", "fault": "Drop", "when": "after", "probability": 0.5, "seed": 3, "limit": 4}]
                """);
        Faults faults = new Faults(rules);
        faults.pick("blob", "acct", "PUT_BLOB", "c");
        faults.pick("blob", "acct", "PUT_BLOB", "c");
        String json = new String(FaultRulesJson.write(faults.rules("acct")), StandardCharsets.UTF_8);
        assertThat(json).contains("\"name\":\"a\"").contains("\"matched\":2").contains("\"injected\":1");
        assertThat(FaultRulesJson.parse(json.replaceAll(",\"matched\":\\d+,\"injected\":\\d+", ""))).isEqualTo(rules);
    }
}
