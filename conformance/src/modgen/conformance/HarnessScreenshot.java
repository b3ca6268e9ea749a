/*
 * --screenshot OUT.png: the main map's window as the engine draws it, at 100% zoom, centred on a map
 * point, after the game has loaded and any --actions ran. It is the picture a player sees, drawn by VASSAL
 * (menus, toolbar, board tiles, pieces, the chat), not modgen's own proof sheet.
 */
package modgen.conformance;

import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Window;
import java.awt.image.BufferedImage;
import java.io.File;

import javax.imageio.ImageIO;
import javax.swing.SwingUtilities;

import VASSAL.build.module.map.Zoomer;

final class HarnessScreenshot {
  private HarnessScreenshot() {}

  /**
   * Sizes the map's window, sets 100% zoom, centres the view, then paints the window a few times a
   * second apart: VASSAL fetches board tiles and piece images on worker threads and repaints when they
   * arrive, so the first paint may lack some of them.
   */
  static void take(String mapName, String file, int width, int height, Point centre) {
    final VASSAL.build.module.Map map = find(mapName);
    if (map == null) {
      ModgenHarness.problem("error", "screenshot", "no map named " + mapName, null);
      return;
    }
    final Window[] window = {null};
    ModgenHarness.onEdt("screenshot layout", () -> {
      final Zoomer z = map.getZoomer();
      if (z != null) z.setZoomFactor(1.0);
      window[0] = SwingUtilities.getWindowAncestor(map.getView());
      window[0].setSize(width, height);
      window[0].validate();
      if (centre != null) map.centerAt(centre);
      map.repaint(true);
    });
    final BufferedImage[] img = {null};
    for (int i = 0; i < 4; i++) {
      ModgenHarness.settle();
      try {
        Thread.sleep(1000);
      }
      catch (InterruptedException ignored) {
      }
      ModgenHarness.onEdt("screenshot paint", () -> {
        final Window w = window[0];
        img[0] = new BufferedImage(w.getWidth(), w.getHeight(), BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = img[0].createGraphics();
        w.printAll(g);
        g.dispose();
      });
    }
    try {
      final File out = new File(file);
      final File tmp = new File(out.getPath() + ".tmp");
      ImageIO.write(img[0], "png", tmp);
      if (!tmp.renameTo(out)) throw new java.io.IOException("cannot rename " + tmp + " to " + out);
      ModgenHarness.emit(ModgenHarness.obj("kind", "screenshot", "file", file, "map", map.getMapName(),
        "width", img[0].getWidth(), "height", img[0].getHeight(), "zoom", map.getZoom()));
    }
    catch (Exception e) {
      ModgenHarness.problem("error", "screenshot", "writing " + file + " failed: " + e, ModgenHarness.stack(e));
    }
  }

  static VASSAL.build.module.Map find(String name) {
    for (final VASSAL.build.module.Map m : VASSAL.build.module.Map.getMapList()) {
      if (name == null || name.equals(m.getMapName())) return m;
    }
    return null;
  }
}
