/*
 * modgen conformance harness, the "open" action: opens what a player opens from the Help menu or the
 * toolbar, through the component's own code (HelpFile.showWindow, the button's action as a click does,
 * a ToolbarMenu's popup and one of its items), and reports the windows that opened (title, class, the
 * text of a help page, the rows of a tree such as the Game Piece Inventory's) and the menu's items.
 * Problems while opening (a missing help file, a bad expression) reach the harness's usual recorders.
 *
 * Modelled on (read, not copied) VASSAL 3.6: HelpFile (launch action -> showWindow -> HelpWindow),
 * ToolbarMenu (the buttons it lists are hidden from the toolbar and proxied by JMenuItems of its popup),
 * LaunchButton (a click runs its action), Inventory (a JTree in a JDialog), GlobalMap (a button on its
 * map's toolbar).
 *
 * {"op":"open","help":"Key commands"}                   a Help menu entry by its title
 * {"op":"open","button":"Inventory"}                    a toolbar button (module or map toolbar) by its text
 * {"op":"open","button":"Charts","item":"CRT"}          a toolbar menu, then one of its items
 * {"op":"windows"}                                      every window showing, described (a help page loads in
 *                                                       the background: its text is there by a later action)
 */
package modgen.conformance;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Window;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.swing.AbstractButton;
import javax.swing.JEditorPane;
import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;
import javax.swing.JTree;
import javax.swing.tree.TreeModel;

import VASSAL.build.GameModule;
import VASSAL.build.module.ToolbarMenu;
import VASSAL.build.module.documentation.HelpFile;
import VASSAL.build.module.Inventory;
import VASSAL.build.module.NotesWindow;
import VASSAL.build.module.map.Flare;
import VASSAL.build.module.map.GlobalMap;

import static modgen.conformance.HarnessActions.ActionFailed;
import static modgen.conformance.HarnessActions.getField;
import static modgen.conformance.HarnessActions.str;

final class HarnessOpen {
  private HarnessOpen() {}

  static void open(Map<String, Object> a, GameModule m, Map<String, Object> rec) {
    final String help = str(a, "help", false);
    final String button = str(a, "button", false);
    final String item = str(a, "item", false);
    if ((help == null) == (button == null)) throw new ActionFailed("open: give \"help\" or \"button\"");
    final Set<Window> before = showing();
    if (help != null) {
      final HelpFile hf = helpFile(m, help);
      rec.put("help", help);
      rec.put("url", String.valueOf(hf.getContents()));
      hf.showWindow();
    }
    else {
      final AbstractButton b = button(m, button);
      rec.put("button", button);
      rec.put("visible", b.isVisible());
      final ToolbarMenu menu = menuOf(m, b);
      b.doClick(0);
      for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
        for (final GlobalMap g : map.getComponentsOf(GlobalMap.class)) {
          if (getField(GlobalMap.class, g, "launch") == b) {  // the overview is a panel inside its map's window
            rec.put("overview_visible", ((Component) getField(GlobalMap.class, g, "scroll")).isVisible());
          }
        }
      }
      if (menu != null) {
        final JPopupMenu popup = (JPopupMenu) getField(ToolbarMenu.class, menu, "menu");
        final List<String> items = new ArrayList<>();
        JMenuItem chosen = null;
        for (final Component c : popup.getComponents()) {
          if (c instanceof JMenuItem) {
            items.add(((JMenuItem) c).getText());
            if (((JMenuItem) c).getText().equals(item)) chosen = (JMenuItem) c;
          }
        }
        rec.put("menu_items", items);
        popup.setVisible(false);
        if (item != null) {
          if (chosen == null) throw new ActionFailed("open: menu \"" + button + "\" has no item \"" + item + "\" (it has " + items + ")");
          rec.put("item", item);
          chosen.doClick(0);
        }
      }
      else if (item != null) {
        throw new ActionFailed("open: \"" + button + "\" is not a toolbar menu");
      }
    }
    final List<Object> opened = new ArrayList<>();
    for (final Window w : showing()) {
      if (before.contains(w)) continue;
      ModgenHarness.expectWindow(w);  // opened on purpose: not a problem dialog
      opened.add(describe(w));
    }
    final List<Object> closed = new ArrayList<>();
    final Set<Window> now = showing();
    for (final Window w : before) {
      if (!now.contains(w)) closed.add(title(w));
    }
    rec.put("opened", opened);
    rec.put("closed", closed);
  }

  static void windows(GameModule m, Map<String, Object> rec) {
    final List<Object> out = new ArrayList<>();
    for (final Window w : showing()) out.add(describe(w));
    rec.put("windows", out);
    // the navigation and help components the loaded module holds, by class, with their maps
    final List<Object> comps = new ArrayList<>();
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      for (final Flare f : map.getComponentsOf(Flare.class)) comps.add(ModgenHarness.obj("class", "Flare", "name", f.getConfigureName(), "map", map.getMapName()));
      for (final GlobalMap g : map.getComponentsOf(GlobalMap.class)) comps.add(ModgenHarness.obj("class", "GlobalMap", "map", map.getMapName()));
    }
    for (final Inventory i : m.getAllDescendantComponentsOf(Inventory.class)) comps.add(ModgenHarness.obj("class", "Inventory", "name", i.getConfigureName()));
    for (final NotesWindow n : m.getAllDescendantComponentsOf(NotesWindow.class)) comps.add(ModgenHarness.obj("class", "NotesWindow", "name", n.getConfigureName()));
    for (final ToolbarMenu t : m.getAllDescendantComponentsOf(ToolbarMenu.class)) comps.add(ModgenHarness.obj("class", "ToolbarMenu", "name", t.getConfigureName()));
    for (final HelpFile h : m.getAllDescendantComponentsOf(HelpFile.class)) comps.add(ModgenHarness.obj("class", "HelpFile", "name", h.getConfigureName()));
    rec.put("components", comps);
  }

  static Set<Window> showing() {
    final Set<Window> out = Collections.newSetFromMap(new IdentityHashMap<>());
    for (final Window w : Window.getWindows()) {
      if (w.isShowing()) out.add(w);
    }
    return out;
  }

  static HelpFile helpFile(GameModule m, String title) {
    final List<String> titles = new ArrayList<>();
    for (final HelpFile hf : m.getAllDescendantComponentsOf(HelpFile.class)) {
      titles.add(hf.getConfigureName());
      if (title.equals(hf.getConfigureName())) return hf;
    }
    throw new ActionFailed("open: no Help entry \"" + title + "\" (there are " + titles + ")");
  }

  /** The toolbar button with this text: the module's toolbar first, then each map's. */
  static AbstractButton button(GameModule m, String text) {
    final List<Container> bars = new ArrayList<>();
    bars.add(m.getToolBar());
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) bars.add(map.getToolBar());
    final List<String> seen = new ArrayList<>();
    for (final Container bar : bars) {
      final AbstractButton b = find(bar, text, seen);
      if (b != null) return b;
    }
    throw new ActionFailed("open: no toolbar button \"" + text + "\" (there are " + seen + ")");
  }

  static AbstractButton find(Container c, String text, List<String> seen) {
    for (final Component ch : c.getComponents()) {
      if (ch instanceof AbstractButton) {
        seen.add(((AbstractButton) ch).getText());
        if (text.equals(((AbstractButton) ch).getText())) return (AbstractButton) ch;
      }
      if (ch instanceof Container) {
        final AbstractButton b = find((Container) ch, text, seen);
        if (b != null) return b;
      }
    }
    return null;
  }

  static ToolbarMenu menuOf(GameModule m, AbstractButton b) {
    for (final ToolbarMenu tm : m.getAllDescendantComponentsOf(ToolbarMenu.class)) {
      if (getField(ToolbarMenu.class, tm, "launch") == b) return tm;
    }
    return null;
  }

  static String title(Window w) {
    if (w instanceof Frame) return ((Frame) w).getTitle();
    if (w instanceof Dialog) return ((Dialog) w).getTitle();
    return "";
  }

  static Map<String, Object> describe(Window w) {
    final Map<String, Object> out = ModgenHarness.obj("title", title(w), "class", w.getClass().getName());
    final List<Integer> texts = new ArrayList<>();
    final List<Integer> trees = new ArrayList<>();
    walk(w, texts, trees);
    out.put("text_lengths", texts);
    out.put("tree_rows", trees);
    return out;
  }

  static void walk(Component c, List<Integer> texts, List<Integer> trees) {
    if (c instanceof JEditorPane) {
      final JEditorPane p = (JEditorPane) c;
      texts.add(p.getDocument().getLength());
    }
    if (c instanceof JTree) trees.add(count(((JTree) c).getModel(), ((JTree) c).getModel().getRoot()));
    if (c instanceof Container) {
      for (final Component ch : ((Container) c).getComponents()) walk(ch, texts, trees);
    }
  }

  /** Nodes below `node` in the tree, all levels (the inventory's groups and pieces). */
  static int count(TreeModel model, Object node) {
    if (node == null) return 0;
    int n = 0;
    for (int i = 0; i < model.getChildCount(node); i++) n += 1 + count(model, model.getChild(node, i));
    return n;
  }
}
