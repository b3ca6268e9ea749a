/*
 * modgen conformance harness: the movement trails a player sees.
 *
 * With --pref NAME=VALUE the harness sets a module preference (File > Preferences) before any game opens.
 * {"op": "trails"}: how many pieces on the maps carry a movement trail (Footprint) and how many of those show
 * it to this player. VASSAL keeps a trail's visibility per player, outside the game state, so only the
 * engine can say whether a preference turned it on.
 */
package modgen.conformance;

import java.lang.reflect.Method;
import java.util.Map;

import VASSAL.counters.Decorator;
import VASSAL.counters.Footprint;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;

import static modgen.conformance.HarnessActions.ActionFailed;
import static modgen.conformance.HarnessActions.str;

final class HarnessTrails {
  private HarnessTrails() {
  }

  static void trails(Map<String, Object> rec) {
    int carried = 0;
    int shown = 0;
    try {
      final Method visible = Footprint.class.getDeclaredMethod("isTrailVisible");
      visible.setAccessible(true);
      for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
        for (final GamePiece top : map.getPieces()) {
          final Iterable<GamePiece> pieces = top instanceof Stack ? ((Stack) top).asList() : java.util.List.of(top);
          for (final GamePiece p : pieces) {
            final GamePiece trail = Decorator.getDecorator(p, Footprint.class);
            if (trail == null) continue;
            carried++;
            if ((Boolean) visible.invoke(trail)) shown++;
          }
        }
      }
    }
    catch (ReflectiveOperationException e) {
      throw new ActionFailed("trails: cannot read Footprint.isTrailVisible: " + e);
    }
    rec.put("carried", carried);
    rec.put("shown", shown);
  }
}
