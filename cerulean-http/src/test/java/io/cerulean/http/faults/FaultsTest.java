package io.cerulean.http.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultsTest {
    private static FaultRule rule(String json) {
        return FaultRulesJson.parse("[" + json + "]").get(0);
    }

    /** Which of {@code count} requests to a table's InsertEntity the rules pick, 1-based. */
    private static List<Integer> picked(Faults faults, int count) {
        List<Integer> picked = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            if (faults.pick("table", "acct", "INSERT_ENTITY", "orders").isPresent()) {
                picked.add(i);
            }
        }
        return picked;
    }

    @Test
    void noRulesPickNothing() {
        assertThat(Faults.none().pick("table", "acct", "INSERT_ENTITY", "orders")).isEmpty();
    }

    @Test
    void everyPicksTheNthMatchingRequestUpToItsLimit() {
        Faults faults = new Faults(List.of(rule("{\"fault\": \"ServerBusy\", \"every\": 3, \"limit\": 2}")));
        assertThat(picked(faults, 12)).containsExactly(3, 6);
        assertThat(faults.rules("acct").get(0).matched()).isEqualTo(12);
        assertThat(faults.rules("acct").get(0).injected()).isEqualTo(2);
    }

    @Test
    void aSeedPicksTheSameRequestsOnEveryRun() {
        String json = "{\"fault\": \"InternalError\", \"probability\": 0.3, \"seed\": 42}";
        List<Integer> first = picked(new Faults(List.of(rule(json))), 200);
        List<Integer> second = picked(new Faults(List.of(rule(json))), 200);
        assertThat(first).isEqualTo(second);
        assertThat(first.size()).as("about 30% of 200").isBetween(40, 80);
        List<Integer> otherSeed = picked(new Faults(List.of(rule(json.replace("42", "43")))), 200);
        assertThat(otherSeed).isNotEqualTo(first);
    }

    @Test
    void selectorsNarrowARuleToItsServiceOperationResourceAndAccount() {
        FaultRule r = rule("{\"fault\": \"Drop\", \"account\": \"acct\", \"services\": \"table\","
                + " \"operations\": [\"InsertEntity\", \"merge-entity\"], \"resource\": \"Orders\"}");
        assertThat(r.selects("table", "acct", "INSERT_ENTITY", "orders")).isTrue();
        assertThat(r.selects("table", "acct", "MERGE_ENTITY", "ORDERS")).isTrue();
        assertThat(r.selects("table", "acct", "DELETE_ENTITY", "orders")).isFalse();
        assertThat(r.selects("table", "acct", "INSERT_ENTITY", "invoices")).isFalse();
        assertThat(r.selects("table", "acct", "INSERT_ENTITY", null)).isFalse();
        assertThat(r.selects("queue", "acct", "INSERT_ENTITY", "orders")).isFalse();
        assertThat(r.selects("table", "other", "INSERT_ENTITY", "orders")).isFalse();
        FaultRule any = rule("{\"fault\": \"Drop\"}");
        assertThat(any.selects("blob", "other", "PUT_BLOB", null)).isTrue();
    }

    @Test
    void rulesTriedInOrderTheFirstToPickDecides() {
        Faults faults = new Faults(List.of(rule("{\"name\": \"first\", \"fault\": \"Drop\", \"every\": 2}"),
                rule("{\"name\": \"second\", \"fault\": \"ServerBusy\"}")));
        assertThat(faults.pick("table", "acct", "X", null).orElseThrow().rule().name()).isEqualTo("second");
        assertThat(faults.pick("table", "acct", "X", null).orElseThrow().rule().name()).isEqualTo("first");
    }

    @Test
    void rulesSetForAnAccountReplaceTheStartsForItAlone() {
        Faults faults = new Faults(List.of(rule("{\"name\": \"start\", \"fault\": \"ServerBusy\"}"),
                rule("{\"name\": \"theirs\", \"fault\": \"ServerBusy\", \"account\": \"other\"}")));
        faults.replace("acct", List.of(rule("{\"name\": \"mine\", \"fault\": \"Drop\", \"resource\": \"q\"}")));
        assertThat(faults.rules("acct")).extracting(c -> c.rule().name()).containsExactly("mine");
        assertThat(faults.rules("acct").get(0).rule().account()).isEqualTo("acct");
        assertThat(faults.pick("queue", "acct", "PUT_MESSAGE", "elsewhere")).isEmpty();
        assertThat(faults.rules("other")).extracting(c -> c.rule().name()).containsExactly("start", "theirs");
        faults.clear("other");
        assertThat(faults.rules("other")).isEmpty();
        assertThat(faults.pick("queue", "other", "PUT_MESSAGE", "q")).isEmpty();
        assertThat(faults.rules("third")).extracting(c -> c.rule().name()).containsExactly("start");
    }

    @Test
    void anAccountsRulesCannotNameAnother() {
        Faults faults = Faults.none();
        assertThatThrownBy(() -> faults.replace("acct", List.of(rule("{\"fault\": \"Drop\", \"account\": \"x\"}"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(faults.rules("acct")).isEmpty();
    }

    @Test
    void aRuleIsCheckedWhereverItIsMade() {
        assertThatThrownBy(() -> new FaultRule(" ", FaultKind.DROP, false, null, Set.of(), Set.of(), null, 0, 1,
                OptionalLong.empty(), 0, 0)).hasMessageContaining("name");
        assertThatThrownBy(() -> new FaultRule("r", FaultKind.DROP, false, null, Set.of(), Set.of(), null, -1, 1,
                OptionalLong.empty(), 0, 0)).hasMessageContaining("every");
    }
}
