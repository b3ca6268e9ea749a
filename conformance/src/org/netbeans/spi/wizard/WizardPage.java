/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer). */
package org.netbeans.spi.wizard;

import java.awt.Component;
import java.util.HashMap;
import java.util.Map;
import javax.swing.JPanel;

public class WizardPage extends JPanel implements WizardPanel {
  private static final long serialVersionUID = 1L;

  private final Map<Object, Object> wizardData = new HashMap<>();

  public WizardPage(String stepDescription) {
    setName(stepDescription);
  }

  /** VASSAL's SetupStepPage stores its GameSetupStep here (keyed by itself). */
  protected final void putWizardData(Object key, Object value) {
    wizardData.put(key, value);
  }

  protected final Object getWizardData(Object key) {
    return wizardData.get(key);
  }

  protected Object getMapKeyFor(Component c) {
    return c == null ? null : c.getName();
  }

  protected void maybeUpdateMap(Component c) {
  }

  protected void removeFromMap(Object key) {
  }

  protected void userInputReceived(Component source, Object event) {
  }

  public interface WizardResultProducer {
    Object finish(Map wizardData) throws WizardException;

    boolean cancel(Map settings);
  }

  public abstract static class CustomComponentListener {
    public abstract boolean accept(Component c);

    public abstract void startListeningTo(Component c, CustomComponentNotifier n);

    public abstract void stopListeningTo(Component c);

    public boolean isContainer(Component c) {
      return false;
    }
  }

  public abstract static class CustomComponentNotifier {
    public abstract void userInputReceived(Component c, Object event);
  }
}
