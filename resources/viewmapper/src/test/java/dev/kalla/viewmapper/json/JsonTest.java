package dev.kalla.viewmapper.json;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonTest {
    @Test
    void roundTripsNestedValues() {
        String text = "{\"id\":7,\"method\":\"x\",\"params\":{\"a\":[1,2.5,true,false,null],\"s\":\"q\\\"\\\\\\n\\u00e9\\t\"}}";
        Object parsed = Json.parse(text);
        Map<String, Object> params = (Map<String, Object>) ((Map<?, ?>) parsed).get("params");
        assertEquals(Arrays.asList(1L, 2.5, true, false, null), params.get("a"));
        assertEquals("q\"\\\né\t", params.get("s"));
        assertEquals(text.replace("\\u00e9", "é"), Json.write(parsed));
    }

    @Test
    void escapesControlAndLineSeparatorCharacters() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("k", "a\u0001b\u2028c");
        assertEquals("{\"k\":\"a\\u0001b\\u2028c\"}", Json.write(m));
    }

    @Test
    void rejectsMalformedInput() {
        for (String bad : List.of("", "{", "{\"a\" 1}", "[1,]", "tru", "\"open", "{} x", "{\"a\":\"\\q\"}")) {
            assertThrows(JsonException.class, () -> Json.parse(bad), bad);
        }
    }
}
