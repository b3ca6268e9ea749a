/*
 * modgen conformance harness, --actions FILE: carries out a player's GUI actions (begin a log, drag a
 * piece, a piece's key command, a dice roll, the turn tracker's Next, end the log, a predefined setup started
 * afresh for the next log) in the real VASSAL
 * 3.6 engine, through the engine's own code paths, so that the .vlog the engine writes is what a real
 * player's log contains. FILE holds one JSON object per line; see conformance/README.md.
 *
 * Modelled on (read, not copied) VASSAL 3.6: BasicLogger (newLogAction/endLogAction, beginOutput's
 * getSaveFile via GameModule.getFileChooser), PieceMover (selectMovablePieces, performDrop →
 * movePieces → sendAndLog), KeyBufferer/MenuDisplayer/KeyCommand (a right-click menu choice is
 * sendAndLog(KeyBuffer.keyCommand(stroke)) on the selected pieces), DiceButton (DR draws
 * ran.nextInt(nSides) + 1, ran being GameModule.getRNG() captured in addTo), TurnTracker.TurnWidget
 * (the Next button: captureState, next, save → sendAndLog).
 */
package modgen.conformance;

import java.awt.Component;
import java.awt.Point;
import java.awt.event.ActionEvent;
import java.awt.event.InputEvent;
import java.awt.event.MouseEvent;
import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.swing.AbstractButton;
import javax.swing.Action;
import javax.swing.KeyStroke;
import javax.swing.RepaintManager;
import javax.swing.SwingUtilities;

import VASSAL.build.AbstractToolbarItem;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.GameState;
import VASSAL.build.module.map.PieceMover;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.command.Command;
import VASSAL.counters.BasicPiece;
import VASSAL.counters.Decorator;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.EventFilter;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;
import VASSAL.tools.DialogUtils;
import VASSAL.tools.LaunchButton;
import VASSAL.tools.filechooser.FileChooser;
import VASSAL.tools.filechooser.FileFilter;

import static modgen.conformance.ModgenHarness.emit;
import static modgen.conformance.ModgenHarness.obj;
import static modgen.conformance.ModgenHarness.problem;
import static modgen.conformance.ModgenHarness.stack;

final class HarnessActions {
  private HarnessActions() {}

  /** An action that cannot be done: reported as a problem (source "actions") with its line. */
  static final class ActionFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ActionFailed(String message) {
      super(message);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // A small JSON reader: objects, arrays, strings, numbers, true/false/null (enough for action lines).

  static final class Json {
    private final String s;
    private int i;

    private Json(String s) {
      this.s = s;
    }

    static Object parse(String text) {
      final Json j = new Json(text);
      j.ws();
      final Object v = j.value();
      j.ws();
      if (j.i != j.s.length()) throw j.err("trailing text");
      return v;
    }

    private IllegalArgumentException err(String what) {
      return new IllegalArgumentException(what + " at column " + (i + 1));
    }

    private void ws() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private Object value() {
      if (i >= s.length()) throw err("unexpected end");
      final char c = s.charAt(i);
      if (c == '{') return object();
      if (c == '[') return array();
      if (c == '"') return string();
      if (c == '-' || (c >= '0' && c <= '9')) return number();
      if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
      if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
      if (s.startsWith("null", i)) { i += 4; return null; }
      throw err("unexpected '" + c + "'");
    }

    private Map<String, Object> object() {
      final Map<String, Object> m = new LinkedHashMap<>();
      i++;
      ws();
      if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
      while (true) {
        ws();
        if (i >= s.length() || s.charAt(i) != '"') throw err("expected a key");
        final String k = string();
        ws();
        if (i >= s.length() || s.charAt(i) != ':') throw err("expected ':'");
        i++;
        ws();
        if (m.containsKey(k)) throw err("duplicate key \"" + k + "\"");
        m.put(k, value());
        ws();
        if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
        if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
        throw err("expected ',' or '}'");
      }
    }

    private List<Object> array() {
      final List<Object> l = new ArrayList<>();
      i++;
      ws();
      if (i < s.length() && s.charAt(i) == ']') { i++; return l; }
      while (true) {
        ws();
        l.add(value());
        ws();
        if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
        if (i < s.length() && s.charAt(i) == ']') { i++; return l; }
        throw err("expected ',' or ']'");
      }
    }

    private String string() {
      final StringBuilder sb = new StringBuilder();
      i++;  // opening quote
      while (true) {
        if (i >= s.length()) throw err("unterminated string");
        final char c = s.charAt(i++);
        if (c == '"') return sb.toString();
        if (c != '\\') {
          if (c < 0x20) throw err("control character in string");
          sb.append(c);
          continue;
        }
        if (i >= s.length()) throw err("unterminated escape");
        final char e = s.charAt(i++);
        switch (e) {
        case '"': sb.append('"'); break;
        case '\\': sb.append('\\'); break;
        case '/': sb.append('/'); break;
        case 'b': sb.append('\b'); break;
        case 'f': sb.append('\f'); break;
        case 'n': sb.append('\n'); break;
        case 'r': sb.append('\r'); break;
        case 't': sb.append('\t'); break;
        case 'u':
          if (i + 4 > s.length()) throw err("bad \\u escape");
          try {
            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          }
          catch (NumberFormatException ex) {
            throw err("bad \\u escape");
          }
          i += 4;
          break;
        default:
          throw err("bad escape \\" + e);
        }
      }
    }

    private Number number() {
      final int start = i;
      if (s.charAt(i) == '-') i++;
      while (i < s.length() && "0123456789.eE+-".indexOf(s.charAt(i)) >= 0) i++;
      final String t = s.substring(start, i);
      try {
        if (t.matches("-?\\d+")) return Long.parseLong(t);
        return Double.parseDouble(t);
      }
      catch (NumberFormatException ex) {
        throw err("bad number " + t);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Field access (checked against the 3.6 jar with javap)

  static Object getField(Class<?> cls, Object target, String name) {
    try {
      final Field f = cls.getDeclaredField(name);
      f.setAccessible(true);
      return f.get(target);
    }
    catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + cls.getSimpleName() + "." + name + ": " + e, e);
    }
  }

  static void setField(Class<?> cls, Object target, String name, Object value) {
    try {
      final Field f = cls.getDeclaredField(name);
      f.setAccessible(true);
      f.set(target, value);
    }
    catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot set " + cls.getSimpleName() + "." + name + ": " + e, e);
    }
  }

  static Object call(Class<?> cls, Object target, String name, Class<?>[] types, Object... args) {
    try {
      final Method m = cls.getDeclaredMethod(name, types);
      m.setAccessible(true);
      return m.invoke(target, args);
    }
    catch (java.lang.reflect.InvocationTargetException e) {
      final Throwable t = e.getCause();
      if (t instanceof RuntimeException) throw (RuntimeException) t;
      if (t instanceof Error) throw (Error) t;
      throw new IllegalStateException(cls.getSimpleName() + "." + name + " failed: " + t, t);
    }
    catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot call " + cls.getSimpleName() + "." + name + ": " + e, e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Running the file

  static void run(String file, GameModule m, GameState gs) {
    final List<String> lines;
    try {
      lines = Files.readAllLines(new File(file).toPath(), StandardCharsets.UTF_8);
    }
    catch (Exception e) {
      problem("error", "actions", "cannot read the actions file " + file + ": " + e, null);
      return;
    }
    int done = 0;
    int failed = 0;
    for (int n = 1; n <= lines.size(); n++) {
      final String raw = lines.get(n - 1).strip();
      if (raw.isEmpty()) continue;
      final int line = n;
      final Map<String, Object> action;
      try {
        final Object parsed = Json.parse(raw);
        if (!(parsed instanceof Map)) throw new IllegalArgumentException("not a JSON object");
        @SuppressWarnings("unchecked")
        final Map<String, Object> a = (Map<String, Object>) parsed;
        action = a;
      }
      catch (IllegalArgumentException e) {
        fail(line, "bad JSON: " + e.getMessage(), raw);
        failed++;
        continue;
      }
      if ("new-game".equals(action.get("op")) || "load-game".equals(action.get("op"))) {  // waits for the load off the EDT
        if (newGame(line, action, m, gs, raw)) done++;
        else failed++;
        drain();
        continue;
      }
      final boolean[] ok = {false};
      try {
        SwingUtilities.invokeAndWait(() -> {
          try {
            perform(line, action, m, gs);
            ok[0] = true;
          }
          catch (ActionFailed e) {
            fail(line, e.getMessage(), raw);
          }
          catch (Throwable t) {
            problem("error", "actions", "line " + line + ": " + opOf(action) + " failed: " + t, raw + "\n" + stack(t), line);
          }
        });
      }
      catch (Exception e) {
        problem("error", "actions", "line " + line + ": " + e, stack(e), line);
      }
      if (ok[0]) done++;
      else failed++;
      drain();
    }
    emit(obj("kind", "actions", "file", file, "done", done, "failed", failed));
  }

  /**
   * {"op": "new-game", "setup": NAME}: File > New Game > NAME, the predefined setup started afresh;
   * {"op": "load-game", "save": PATH}: File > Load Game of that save (as --save loads it). The game open is
   * closed (its "Save game?" prompt answered No, as a player whose log holds the game does), the
   * game-setup wizard answered as at the start (--side). So one engine start records many logs, each from
   * the position a start of its own would give. Waits (not on the EDT) until the game has loaded.
   */
  static boolean newGame(int line, Map<String, Object> a, GameModule m, GameState gs, String raw) {
    final boolean load = "load-game".equals(a.get("op"));
    final String name;
    try {
      name = str(a, load ? "save" : "setup", true);
    }
    catch (ActionFailed e) {
      fail(line, e.getMessage(), raw);
      return false;
    }
    final boolean[] found = {false};
    try {
      SwingUtilities.invokeAndWait(() -> {
        if (load) {
          final File saveFile = new File(name);
          found[0] = saveFile.isFile();
          if (!found[0]) return;
          gs.setModified(false);  // "Save game?" -> No
          m.setGameFile(saveFile.getName(), GameModule.GameFileMode.LOADED_GAME);
          gs.loadGameInBackground(saveFile);
          return;
        }
        for (final VASSAL.build.module.PredefinedSetup ps : m.getAllDescendantComponentsOf(VASSAL.build.module.PredefinedSetup.class)) {
          if (!ps.isMenu() && name.equals(ps.getConfigureName())) {
            found[0] = true;
            gs.setModified(false);  // "Save game?" -> No
            ps.launch();
            return;
          }
        }
      });
      if (!found[0]) {
        fail(line, load ? "load-game: no such save: " + name : "new-game: no predefined setup named \"" + name + "\"", raw);
        return false;
      }
      final long deadline = System.currentTimeMillis() + 60_000L;
      while (gs.isLoadingInBackground() && System.currentTimeMillis() < deadline) Thread.sleep(50);
      ModgenHarness.settle();
      final String[] side = {null};
      SwingUtilities.invokeAndWait(() -> side[0] = VASSAL.build.module.PlayerRoster.getMySide());
      emit(obj("kind", "action", "op", load ? "load-game" : "new-game", "line", line, load ? "save" : "setup", name,
        "game_started", gs.isGameStarted(), "my_side", side[0]));
    }
    catch (Exception e) {
      problem("error", "actions", "line " + line + ": " + opOf(a) + " failed: " + e, raw + "\n" + stack(e), line);
      return false;
    }
    if (!gs.isGameStarted()) {
      fail(line, opOf(a) + ": the game did not start: " + name, raw);
      return false;
    }
    return true;
  }

  static void fail(int line, String message, String raw) {
    problem("error", "actions", "line " + line + ": " + message, raw, line);
  }

  /** Lets queued EDT work and the engine's dialog queue drain after an action (settle, shorter). */
  static void drain() {
    try {
      SwingUtilities.invokeAndWait(() -> { });
      DialogUtils.enqueue(() -> { }).get(20, TimeUnit.SECONDS);
      SwingUtilities.invokeAndWait(() -> { });
    }
    catch (Exception e) {
      problem("error", "bug", "engine queues did not drain after an action: " + e, null);
    }
  }

  static String opOf(Map<String, Object> a) {
    final Object op = a.get("op");
    return op == null ? "action" : String.valueOf(op);
  }

  static String str(Map<String, Object> a, String key, boolean required) {
    final Object v = a.get(key);
    if (v == null) {
      if (required) throw new ActionFailed(opOf(a) + ": \"" + key + "\" is required");
      return null;
    }
    if (v instanceof String) return (String) v;
    if (v instanceof Long) return v.toString();
    throw new ActionFailed(opOf(a) + ": \"" + key + "\" must be a string");
  }

  static int integer(Map<String, Object> a, String key) {
    final Object v = a.get(key);
    if (v instanceof Long && Math.abs((Long) v) <= Integer.MAX_VALUE) return ((Long) v).intValue();
    if (v instanceof Double && ((Double) v) == Math.rint((Double) v) && Math.abs((Double) v) <= Integer.MAX_VALUE) {
      return ((Double) v).intValue();
    }
    throw new ActionFailed(opOf(a) + ": \"" + key + "\" must be an integer" + (v == null ? " (missing)" : ""));
  }

  /** Ops not held to log a step (no steps, chat, logged in their record): they begin or end the log, or only look and time. */
  static final Set<String> UNLOGGED_OPS = Set.of("begin-log", "end-log", "open", "windows", "trails", "repaint", "drop-loop");

  static void perform(int line, Map<String, Object> a, GameModule m, GameState gs) {
    final String op = str(a, "op", true);
    final BasicLogger logger = basicLogger(m);
    @SuppressWarnings("unchecked")
    final List<Command> logOutput = logger == null ? null : (List<Command>) getField(BasicLogger.class, logger, "logOutput");
    final int before = logOutput == null ? 0 : logOutput.size();
    final Map<String, Object> rec = obj("kind", "action", "op", op, "line", line);
    final long started = System.nanoTime();  // "ms": what the action took on the event thread (benchmarks)
    switch (op) {
    case "begin-log": beginLog(a, m, logger, rec); break;
    case "move": move(a, m, gs, rec); break;
    case "key": key(a, gs, rec); break;
    case "roll": roll(a, m, rec); break;
    case "button": button(a, m, rec); break;
    case "turn-next": turnNext(a, m, rec); break;
    case "end-log": endLog(logger, rec); break;
    case "step": step(a, logger, rec); break;
    case "open": HarnessOpen.open(a, m, rec); break;
    case "windows": HarnessOpen.windows(m, rec); break;
    case "trails": HarnessTrails.trails(rec); break;
    case "repaint": repaint(a, rec); break;
    case "drop-loop": dropLoop(a, gs, rec); break;
    default:
      throw new ActionFailed("unknown op \"" + op + "\" (begin-log, move, key, roll, button, turn-next, end-log, step, open, windows, trails, repaint, drop-loop, new-game, load-game)");
    }
    rec.put("ms", (System.nanoTime() - started) / 1e6);
    // What the action logged: each sendAndLog is one entry of BasicLogger's logOutput, one LOG step.
    if (logOutput != null && !UNLOGGED_OPS.contains(op)) {
      final List<Object> encoded = new ArrayList<>();
      final List<String> chat = new ArrayList<>();
      final List<Object> classes = new ArrayList<>();
      for (int k = before; k < logOutput.size(); k++) {
        final Command c = logOutput.get(k);
        encoded.add(m.encode(c));
        collectChat(c, chat);
        final List<String> names = new ArrayList<>();
        collectClasses(c, names);
        classes.add(names);
      }
      rec.put("steps", logOutput.size() - before);
      rec.put("chat", chat);
      rec.put("logged", encoded);
      rec.put("classes", classes);
      if (logOutput.size() == before) problem("warning", "actions", "line " + line + ": " + op + " logged nothing", null, line);
    }
    emit(rec);
  }

  static void collectChat(Command c, List<String> acc) {
    if (c == null) return;
    if (c instanceof Chatter.DisplayText) acc.add(((Chatter.DisplayText) c).getMessage());
    for (final Command sub : c.getSubCommands()) collectChat(sub, acc);
  }

  /** The command tree of a step, depth first: the class of each command (NullCommand included). */
  static void collectClasses(Command c, List<String> acc) {
    if (c == null) return;
    final String n = c.getClass().getName();
    acc.add(n.substring(n.lastIndexOf('.') + 1));
    for (final Command sub : c.getSubCommands()) collectClasses(sub, acc);
  }

  static BasicLogger basicLogger(GameModule m) {
    return (m.getLogger() instanceof BasicLogger) ? (BasicLogger) m.getLogger() : null;
  }

  // ---------------------------------------------------------------------------------------------
  // begin-log / end-log: File > Begin Logfile / End Logfile

  /** GameModule's file chooser while the harness "chooses" the log file: approves a fixed file. */
  static final class FixedFileChooser extends FileChooser {
    private File selected;
    private File dir;

    FixedFileChooser(File f) {
      super(null, null);
      selected = f;
      dir = f.getParentFile();
    }

    @Override public File getCurrentDirectory() { return dir; }
    @Override public void setCurrentDirectory(File d) { dir = d; }
    @Override public void rescanCurrentDirectory() { }
    @Override public File getSelectedFile() { return selected; }
    @Override public void setSelectedFile(File f) { selected = f; }
    @Override public String getDialogTitle() { return "modgen harness"; }
    @Override public void setDialogTitle(String t) { }
    @Override public int showOpenDialog(Component parent) { return CANCEL_OPTION; }
    @Override public int showSaveDialog(Component parent) { return APPROVE_OPTION; }
    @Override public FileFilter getFileFilter() { return null; }
    @Override public void setFileFilter(FileFilter f) { }
    @Override public void addChoosableFileFilter(FileFilter f) { }
    @Override public boolean removeChoosableFileFilter(FileFilter f) { return true; }
    @Override public void resetChoosableFileFilters() { }
  }

  static void beginLog(Map<String, Object> a, GameModule m, BasicLogger logger, Map<String, Object> rec) {
    final String path = str(a, "file", true);
    if (logger == null) throw new ActionFailed("begin-log: the module has no BasicLogger");
    if (logger.isLogging()) throw new ActionFailed("begin-log: a log is already being written");
    final Action newLog = (Action) getField(BasicLogger.class, logger, "newLogAction");
    if (!newLog.isEnabled()) throw new ActionFailed("begin-log: File > Begin Logfile is disabled (no game started?)");
    final File f = new File(path).getAbsoluteFile();
    // BasicLogger.beginOutput asks getSaveFile(), which shows GameModule.getFileChooser(): that chooser
    // is swapped for one approving our file for the time of the menu action, then put back.
    final Object oldChooser = getField(GameModule.class, m, "fileChooser");
    setField(GameModule.class, m, "fileChooser", new FixedFileChooser(f));
    try {
      newLog.actionPerformed(new ActionEvent(m.getPlayerWindow(), ActionEvent.ACTION_PERFORMED, "begin-log"));
    }
    finally {
      setField(GameModule.class, m, "fileChooser", oldChooser);
    }
    if (!logger.isLogging()) throw new ActionFailed("begin-log: the engine did not begin a log");
    final File out = (File) getField(BasicLogger.class, logger, "outputFile");
    rec.put("file", out.getPath());
  }

  static void endLog(BasicLogger logger, Map<String, Object> rec) {
    if (logger == null || !logger.isLogging()) throw new ActionFailed("end-log: no log is being written (begin-log first)");
    final File out = (File) getField(BasicLogger.class, logger, "outputFile");
    @SuppressWarnings("unchecked")
    final int steps = ((List<Command>) getField(BasicLogger.class, logger, "logOutput")).size();
    final Action endLog = (Action) getField(BasicLogger.class, logger, "endLogAction");
    if (!endLog.isEnabled()) throw new ActionFailed("end-log: File > End Logfile is disabled");
    ModgenHarness.awaitModuleManagers();  // the last save's module manager, so that two never race
    endLog.actionPerformed(new ActionEvent(GameModule.getGameModule().getPlayerWindow(), ActionEvent.ACTION_PERFORMED, "end-log"));
    rec.put("file", out.getPath());
    rec.put("steps", steps);
    if (!out.isFile()) {
      // BasicLogger.write() writes nothing when no command was logged since the log began.
      throw new ActionFailed("end-log: the engine wrote no log file " + out
        + (steps == 0 ? " (nothing was logged since begin-log)" : ""));
    }
    rec.put("bytes", out.length());
  }

  /**
   * The Step forward button of a loaded log (BasicLogger's stepAction → step(): executes the next LOG
   * step and sendAndLogs it, as replaying does). "count" steps (default 1), or "all": true for the rest.
   */
  static void step(Map<String, Object> a, BasicLogger logger, Map<String, Object> rec) {
    if (logger == null) throw new ActionFailed("step: the module has no BasicLogger");
    final boolean all = Boolean.TRUE.equals(a.get("all"));
    final int count = all ? Integer.MAX_VALUE : (a.containsKey("count") ? integer(a, "count") : 1);
    final Action stepAction = (Action) getField(BasicLogger.class, logger, "stepAction");
    int done = 0;
    while (done < count && logger.isReplaying() && stepAction.isEnabled()) {
      stepAction.actionPerformed(new ActionEvent(GameModule.getGameModule().getPlayerWindow(), ActionEvent.ACTION_PERFORMED, "step"));
      done++;
    }
    @SuppressWarnings("unchecked")
    final int remaining = ((List<Command>) getField(BasicLogger.class, logger, "logInput")).size()
      - (Integer) getField(BasicLogger.class, logger, "nextInput");
    rec.put("stepped", done);
    rec.put("remaining", remaining);
    if (done == 0) throw new ActionFailed("step: there is no log step to replay (load a .vlog with --save)");
    if (!all && done < count) throw new ActionFailed("step: only " + done + " of " + count + " steps could be replayed");
  }

  // ---------------------------------------------------------------------------------------------
  // pieces and maps

  static GamePiece findPiece(Map<String, Object> a, GameState gs) {
    final String id = str(a, "piece", true);
    final GamePiece byId = gs.getPieceForId(id);
    if (byId != null && !(byId instanceof Stack)) return byId;
    final List<GamePiece> found = new ArrayList<>();
    for (final GamePiece p : gs.getAllPieces()) {
      if (p instanceof Stack) continue;
      final GamePiece inner = Decorator.getInnermost(p);
      if (inner instanceof BasicPiece && id.equals(((BasicPiece) inner).getGpId())) found.add(p);
    }
    if (found.isEmpty()) throw new ActionFailed(opOf(a) + ": no piece has id or gpid " + id);
    if (found.size() > 1) {
      final List<String> ids = new ArrayList<>();
      for (final GamePiece p : found) ids.add(p.getId());
      throw new ActionFailed(opOf(a) + ": gpid " + id + " is ambiguous, pieces " + ids + " have it: give the piece id");
    }
    return found.get(0);
  }

  static VASSAL.build.module.Map findMap(Map<String, Object> a, String name) {
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      if (name.equals(map.getMapName()) || name.equals(map.getConfigureName())) return map;
    }
    final List<String> names = new ArrayList<>();
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) names.add(map.getMapName());
    throw new ActionFailed(opOf(a) + ": no map named \"" + name + "\" (maps: " + names + ")");
  }

  static Map<String, Object> where(GamePiece p) {
    final VASSAL.build.module.Map map = p.getMap();
    final Point pt = p.getPosition();
    String loc = null;
    if (map != null) {
      try {
        loc = map.locationName(pt);
      }
      catch (RuntimeException e) {
        loc = null;
      }
    }
    return obj("map", map == null ? null : map.getMapName(), "x", pt.x, "y", pt.y, "location", loc);
  }

  /**
   * A drag and drop of one piece, as PieceMover does it: the press selects the piece (KeyBuffer) and
   * fills the DragBuffer with it (selectMovablePieces), the drop on the target map's view reaches that
   * map's PieceMover.mouseReleased → performDrop(map point) → movePieces (merge with a stack there or
   * snapTo the grid, OldLocations, markMoved, the MovementReporter's chat report when auto-report is
   * on, the map's apply-on-move key) → GameModule.sendAndLog. The piece alone moves (as when dragged
   * out of an expanded stack), whatever stack it is in.
   */
  static void move(Map<String, Object> a, GameModule m, GameState gs, Map<String, Object> rec) {
    final GamePiece p = findPiece(a, gs);
    final VASSAL.build.module.Map target = findMap(a, str(a, "map", true));
    final Point to = new Point(integer(a, "x"), integer(a, "y"));
    rec.put("piece", p.getId());
    rec.put("name", p.getName());
    rec.put("from", where(p));
    rec.put("requested", obj("map", target.getMapName(), "x", to.x, "y", to.y));
    if (Boolean.TRUE.equals(p.getProperty(Properties.NON_MOVABLE))) {
      throw new ActionFailed("move: piece " + p.getId() + " (" + p.getName() + ") cannot be moved (" + Properties.NON_MOVABLE + ")");
    }
    final Object filter = p.getProperty(Properties.MOVE_EVENT_FILTER);
    if (filter instanceof EventFilter && p.getMap() != null) {
      final Point c = p.getMap().mapToComponent(p.getPosition());
      final MouseEvent press = new MouseEvent(p.getMap().getView(), MouseEvent.MOUSE_PRESSED, System.currentTimeMillis(),
        InputEvent.BUTTON1_DOWN_MASK, c.x, c.y, 1, false, MouseEvent.BUTTON1);
      if (((EventFilter) filter).rejectEvent(press)) {
        throw new ActionFailed("move: piece " + p.getId() + " (" + p.getName() + ") refuses to be dragged (its move event filter)");
      }
    }
    final PieceMover mover = target.getPieceMover();
    if (mover == null) throw new ActionFailed("move: map " + target.getMapName() + " has no PieceMover (pieces cannot be dropped on it)");
    if (!pickUp(p)) throw new ActionFailed("move: the engine does not let piece " + p.getId() + " be dragged (restricted movement)");
    // the drop
    final long dropStarted = System.nanoTime();  // "drop_ms": VASSAL's drop alone, without this record's bookkeeping
    call(PieceMover.class, mover, "performDrop", new Class<?>[] {Point.class}, to);
    final long dropped = System.nanoTime();
    rec.put("drop_ms", (dropped - dropStarted) / 1e6);
    // "shown_ms": the drop until the player sees it: VASSAL's drop, then the repaint it asked for (the piece's
    // old and new bounds on the map, the chat's new line), painted now instead of at the next paint event
    RepaintManager.currentManager(target.getView()).paintDirtyRegions();
    rec.put("shown_ms", (System.nanoTime() - dropStarted) / 1e6);
    rec.put("to", where(p));
    final VASSAL.build.module.Map now = p.getMap();
    if (now != target) {
      throw new ActionFailed("move: piece " + p.getId() + " ended on " + (now == null ? "no map" : now.getMapName())
        + ", not " + target.getMapName());
    }
    final Stack parent = p.getParent();
    rec.put("stack", parent == null ? null : parent.getId());
    rec.put("stack_size", parent == null ? 0 : parent.getPieceCount());
  }

  /**
   * {"op": "repaint", "map": NAME, "count": N}: the map's window painted N times whole, as when a player scrolls
   * it ("paint_ms": each time, in ms): what drawing its pieces costs, trait by trait, at the map's zoom.
   */
  static void repaint(Map<String, Object> a, Map<String, Object> rec) {
    final VASSAL.build.module.Map map = findMap(a, str(a, "map", true));
    final int count = a.containsKey("count") ? integer(a, "count") : 10;
    final javax.swing.JComponent view = (javax.swing.JComponent) map.getView();
    final java.awt.Rectangle visible = view.getVisibleRect();
    final List<Object> times = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final long started = System.nanoTime();
      view.paintImmediately(visible);
      times.add((System.nanoTime() - started) / 1e6);
    }
    rec.put("visible", obj("width", visible.width, "height", visible.height));
    rec.put("paint_ms", times);
  }

  /** The press of a drag: the piece alone selected and picked up; false if the engine will not drag it. */
  static boolean pickUp(GamePiece p) {
    final KeyBuffer kb = KeyBuffer.getBuffer();
    kb.clear();
    kb.add(p);
    final DragBuffer db = DragBuffer.getBuffer();
    db.clear();
    db.add(p);
    return db.contains(p);
  }

  /**
   * {"op": "drop-loop", "pieces": [ID...], "map": NAME, "points": [[X, Y]...], "rounds": R}: R rounds of drops,
   * piece k dropped on point (k + round) of the list, each as "move" drops it (PieceMover.performDrop after
   * the press), without a record each ("drop_ms": all of them, one by one; "ended": where each piece
   * stands at the end): for a profiler's samples. With the system property modgen.jfr.dump (a path), the
   * JVM's flight recordings are written there when the loop ends (the harness halts the JVM, which
   * writes no recording on its way out).
   */
  @SuppressWarnings("unchecked")
  static void dropLoop(Map<String, Object> a, GameState gs, Map<String, Object> rec) {
    final VASSAL.build.module.Map target = findMap(a, str(a, "map", true));
    final List<Object> ids = (List<Object>) a.get("pieces");
    final List<Object> points = (List<Object>) a.get("points");
    final int rounds = integer(a, "rounds");
    final PieceMover mover = target.getPieceMover();
    final List<Object> times = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < ids.size(); k++) {
        final GamePiece p = findPiece(obj("piece", ids.get(k)), gs);
        final List<Object> xy = (List<Object>) points.get((k + r) % points.size());
        final Point to = new Point(((Number) xy.get(0)).intValue(), ((Number) xy.get(1)).intValue());
        pickUp(p);
        final long started = System.nanoTime();
        call(PieceMover.class, mover, "performDrop", new Class<?>[] {Point.class}, to);
        times.add((System.nanoTime() - started) / 1e6);
      }
    }
    rec.put("drop_ms", times);
    final List<Object> ended = new ArrayList<>();  // where each piece stands after the last round
    for (final Object id : ids) ended.add(where(findPiece(obj("piece", id), gs)));
    rec.put("ended", ended);
    final String dump = System.getProperty("modgen.jfr.dump");  // a profile of the loop: the JVM's recordings written now
    if (dump != null) {
      for (final jdk.jfr.Recording recording : jdk.jfr.FlightRecorder.getFlightRecorder().getRecordings()) {
        try {
          recording.dump(java.nio.file.Paths.get(dump));
        }
        catch (java.io.IOException e) {
          rec.put("jfr_error", e.toString());
        }
      }
    }
  }

  /**
   * A key command chosen from the piece's right-click menu (MenuDisplayer selects the piece, its menu
   * items are KeyCommands made global: KeyCommand.actionPerformed does
   * sendAndLog(KeyBuffer.getBuffer().keyCommand(stroke)), which snapshots the piece, sets its
   * ClickedX/ClickedY and applies the key). The same as the key typed on the selected piece.
   */
  static void key(Map<String, Object> a, GameState gs, Map<String, Object> rec) {
    final GamePiece p = findPiece(a, gs);
    final String keyText = str(a, "key", true);
    final KeyStroke ks = parseKey(keyText);
    rec.put("piece", p.getId());
    rec.put("name", p.getName());
    rec.put("key", keyText);
    String menu = null;
    final Object cmds = p.getProperty(Properties.KEY_COMMANDS);
    if (cmds instanceof KeyCommand[]) {
      for (final KeyCommand kc : (KeyCommand[]) cmds) {
        if (kc != null && !kc.isMenuSeparator() && ks.equals(kc.getKeyStroke())) {
          menu = kc.getLocalizedMenuText();
          break;
        }
      }
    }
    rec.put("menu_item", menu);
    rec.put("state_before", p.getState());
    final KeyBuffer kb = KeyBuffer.getBuffer();
    kb.clear();
    kb.add(p);
    kb.setClickPoint(p.getPosition());
    ModgenHarness.pendingInput = str(a, "input", false);  // the answer to the prompt the key opens (a Text Label's)
    final Command c;
    try {
      c = kb.keyCommand(ks);
    }
    finally {
      ModgenHarness.pendingInput = null;
    }
    GameModule.getGameModule().sendAndLog(c);
    rec.put("state_after", p.getState());
    rec.put("name_after", p.getName());
    rec.put("changed", !String.valueOf(rec.get("state_before")).equals(p.getState()));
  }

  /** VASSAL's "keycode,modifiers" (HotKeyConfigurer/NamedHotKeyConfigurer's encoding of a KeyStroke). */
  static KeyStroke parseKey(String text) {
    final String[] parts = text.split(",");
    try {
      if (parts.length == 2) return KeyStroke.getKeyStroke(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
    }
    catch (NumberFormatException e) {
      // fall through
    }
    throw new ActionFailed("key: \"" + text + "\" is not VASSAL's \"keycode,modifiers\" form (e.g. \"70,130\")");
  }

  // ---------------------------------------------------------------------------------------------
  // roll: loaded dice

  /** DiceButton draws ran.nextInt(nSides) + 1 per die: these return the queued faces minus one. */
  static final class LoadedRandom extends Random {
    private static final long serialVersionUID = 1L;
    final Deque<Integer> faces;
    final Random real;
    final List<Object> drawn = new ArrayList<>();
    String error;

    LoadedRandom(List<Integer> faces, Random real) {
      this.faces = new ArrayDeque<>(faces);
      this.real = real;
    }

    @Override
    public int nextInt(int bound) {
      if (faces.isEmpty()) {
        final int v = real.nextInt(bound);
        drawn.add(obj("bound", bound, "face", v + 1, "loaded", false));
        return v;
      }
      final int face = faces.poll();
      if (face < 1 || face > bound) {
        if (error == null) error = "face " + face + " is not between 1 and " + bound;
        final int v = real.nextInt(bound);
        drawn.add(obj("bound", bound, "face", v + 1, "loaded", false));
        return v;
      }
      drawn.add(obj("bound", bound, "face", face, "loaded", true));
      return face - 1;
    }
  }

  static void roll(Map<String, Object> a, GameModule m, Map<String, Object> rec) {
    final String name = str(a, "button", true);
    final Object rawValues = a.get("values");
    final List<Integer> values = new ArrayList<>();
    if (rawValues != null) {
      if (!(rawValues instanceof List)) throw new ActionFailed("roll: \"values\" must be an array of integers");
      for (final Object v : (List<?>) rawValues) {
        if (!(v instanceof Long)) throw new ActionFailed("roll: \"values\" must be an array of integers");
        values.add(((Long) v).intValue());
      }
    }
    DiceButton button = null;
    final List<String> names = new ArrayList<>();
    for (final DiceButton b : m.getAllDescendantComponentsOf(DiceButton.class)) {
      names.add(b.getConfigureName());
      if (button == null && name.equals(b.getConfigureName())) button = b;
    }
    if (button == null) {
      for (final DiceButton b : m.getAllDescendantComponentsOf(DiceButton.class)) {
        if (name.equals(b.getAttributeValueString("text"))) {
          button = b;
          break;
        }
      }
    }
    if (button == null) throw new ActionFailed("roll: no DiceButton named \"" + name + "\" (buttons: " + names + ")");
    if ("true".equals(button.getAttributeValueString(DiceButton.PROMPT_ALWAYS))) {
      throw new ActionFailed("roll: button " + name + " prompts for the dice each time (prompt=true): not supported");
    }
    final LaunchButton lb = button.getLaunchButton();
    if (lb == null || !lb.isEnabled()) throw new ActionFailed("roll: button " + name + " is disabled");
    // DR() draws nDice faces of 1..nSides: refuse values it cannot draw before anything is rolled or logged.
    final int nDice = (Integer) getField(DiceButton.class, button, "nDice");
    final int nSides = (Integer) getField(DiceButton.class, button, "nSides");
    if (values.size() > nDice) {
      throw new ActionFailed("roll: button " + name + " rolls " + nDice + " dice, " + values.size() + " values were given");
    }
    for (final int v : values) {
      if (v < 1 || v > nSides) throw new ActionFailed("roll: button " + name + " has " + nSides + "-sided dice, " + v + " cannot be rolled");
    }
    rec.put("button", button.getConfigureName());
    rec.put("values", values);
    // DiceButton.addTo copied GameModule.getRNG() into its protected field "ran": load that one.
    final Random real = (Random) getField(DiceButton.class, button, "ran");
    final LoadedRandom loaded = new LoadedRandom(values, real == null ? m.getRNG() : real);
    setField(DiceButton.class, button, "ran", loaded);
    try {
      ((AbstractButton) lb).doClick(0);  // the user's click: the button's ActionListener → DR()
    }
    finally {
      setField(DiceButton.class, button, "ran", real);
    }
    rec.put("drawn", loaded.drawn);
    if (loaded.error != null) throw new ActionFailed("roll: " + loaded.error);
    if (!loaded.faces.isEmpty()) {
      throw new ActionFailed("roll: the button drew " + (values.size() - loaded.faces.size()) + " dice, "
        + values.size() + " values were given");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // button: a toolbar button (Do Action Button, Global Key Command, ...) clicked as a user clicks it,
  // found by its text on the toolbar, else by its name

  static void button(Map<String, Object> a, GameModule m, Map<String, Object> rec) {
    final String name = str(a, "button", true);
    AbstractToolbarItem item = null;
    final List<String> names = new ArrayList<>();
    for (final AbstractToolbarItem b : m.getAllDescendantComponentsOf(AbstractToolbarItem.class)) {
      final String text = b.getAttributeValueString("text");
      if (text != null && !text.isEmpty()) names.add(text);
      if (item == null && name.equals(text)) item = b;
    }
    if (item == null) {
      for (final AbstractToolbarItem b : m.getAllDescendantComponentsOf(AbstractToolbarItem.class)) {
        if (name.equals(b.getConfigureName())) {
          item = b;
          break;
        }
      }
    }
    if (item == null) throw new ActionFailed("button: no toolbar button \"" + name + "\" (buttons: " + names + ")");
    final LaunchButton lb = item.getLaunchButton();
    if (lb == null || !lb.isEnabled()) throw new ActionFailed("button: " + name + " is disabled");
    rec.put("button", item.getConfigureName());
    ((AbstractButton) lb).doClick(0);
  }

  // ---------------------------------------------------------------------------------------------
  // turn-next: the turn tracker's Next button

  static void turnNext(Map<String, Object> a, GameModule m, Map<String, Object> rec) {
    final String name = str(a, "tracker", false);
    TurnTracker tracker = null;
    final List<String> names = new ArrayList<>();
    for (final TurnTracker t : m.getAllDescendantComponentsOf(TurnTracker.class)) {
      names.add(t.getConfigureName());
      if (tracker == null && (name == null || name.equals(t.getConfigureName()))) tracker = t;
    }
    if (tracker == null) {
      throw new ActionFailed("turn-next: " + (name == null ? "the module has no turn tracker" : "no turn tracker named \"" + name + "\"")
        + " (trackers: " + names + ")");
    }
    rec.put("tracker", tracker.getConfigureName());
    rec.put("old_state", tracker.getState());
    rec.put("old_turn", call(TurnTracker.class, tracker, "getTurnString", new Class<?>[0]));
    // TurnWidget's Next IconButton: its listener is doNext() = captureState(); next(); save().
    final Object widget = getField(TurnTracker.class, tracker, "turnWidget");
    final Object next = widget == null ? null : getField(widget.getClass(), widget, "nextButton");
    if (next instanceof AbstractButton && ((AbstractButton) next).isEnabled()) {
      ((AbstractButton) next).doClick(0);
      rec.put("via", "next button");
    }
    else if (widget != null) {
      call(widget.getClass(), widget, "doNext", new Class<?>[0]);
      rec.put("via", "TurnWidget.doNext");
    }
    else {
      throw new ActionFailed("turn-next: the tracker has no turn widget");
    }
    rec.put("state", tracker.getState());
    rec.put("turn", call(TurnTracker.class, tracker, "getTurnString", new Class<?>[0]));
  }
}
